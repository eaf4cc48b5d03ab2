import sys

from bridgedesk.cli import main

sys.exit(main())
