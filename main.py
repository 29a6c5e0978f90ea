"""Double-click entry of Gnoming A Round: starts the game, nothing else."""

if __name__ == "__main__":
    from gnoming.cli import main

    raise SystemExit(main())
