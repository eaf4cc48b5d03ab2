"""SBF (Svenska Bridgeförbundet) masterpoint rules 2014-2015, seed ``001``."""
