"""One module per ``pokerfsm`` subcommand (see :mod:`pokerfsm.cli`)."""
