"""``bridgedesk user``: the director's console accounts (add, list, passwd, remove)."""

import sys
from typing import Annotated

import typer

from bridgedesk.cli._options import DbOption
from bridgedesk.cli._store import open_store

app = typer.Typer(help="Accounts of the director's console (/d/).", no_args_is_help=True)

NameArg = Annotated[str, typer.Argument(help="The user name.", show_default=False)]
StdinOption = Annotated[
    bool,
    typer.Option("--password-stdin", help="Read the password from standard input (first line)."),
]


def _password(from_stdin: bool) -> str:
    """The new password: the first line of standard input, or asked twice at the terminal."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        from bridgedesk.errors import EntryError

        raise EntryError(
            "no terminal to ask the password at: pipe it in with --password-stdin",
            code="user.no-terminal",
        )
    text: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    return text


@app.command("add")
def add(
    name: NameArg,
    role: Annotated[str, typer.Option("--role", help="director, scorer or viewer.")],
    password_stdin: StdinOption = False,
    db: DbOption = None,
) -> None:
    """Create an account (the password is asked twice, or read with --password-stdin).

    Example: echo 's3cret-pass' | bridgedesk user add tanaka --role director --password-stdin
    """
    from bridgedesk.store import users

    wanted = users.Role.parse(role)
    password = _password(password_stdin)
    with open_store(db) as store:
        user = users.add_user(store, name, wanted, password)
    typer.echo(f"user {user.name}: {user.role}")


@app.command("list")
def list_users(db: DbOption = None) -> None:
    """List the accounts and their roles.

    Example: bridgedesk user list
    """
    from bridgedesk.store import users

    with open_store(db) as store:
        found = users.users(store)
    if not found:
        typer.echo("no users yet; add one with `bridgedesk user add NAME --role director`")
    for user in found:
        typer.echo(f"{user.name:<20} {user.role}")


@app.command("passwd")
def passwd(
    name: NameArg,
    role: Annotated[str | None, typer.Option("--role", help="Also change the role.")] = None,
    password_stdin: StdinOption = False,
    db: DbOption = None,
) -> None:
    """Set a new password (and role); the account's open sessions end.

    Example: bridgedesk user passwd tanaka
    """
    from bridgedesk.store import users

    wanted = None if role is None else users.Role.parse(role)
    password = _password(password_stdin)
    with open_store(db) as store:
        user = users.set_password(store, name, password, wanted)
    typer.echo(f"user {user.name}: new password ({user.role}); logged out everywhere")


@app.command("remove")
def remove(name: NameArg, db: DbOption = None) -> None:
    """Remove an account (its sessions end at once).

    Example: bridgedesk user remove tanaka
    """
    from bridgedesk.store import users

    with open_store(db) as store:
        users.remove_user(store, name)
    typer.echo(f"user {name.strip()} removed")
