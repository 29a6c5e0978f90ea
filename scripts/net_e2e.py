"""CI: one client program joins a table of a server run from source; both must agree.

    python scripts/net_e2e.py dist/GnomingARound/GnomingARound    # the packaged game
    python scripts/net_e2e.py .venv/bin/python main.py             # from source

Starts ``python -m gnoming.server`` (this interpreter) on 127.0.0.1 with a
two-seat table (one gnome), runs the given client with ``--join ... --autoplay
--quit-at-end --result-json``, and checks that both exit 0 and report the same
result. Everything is bounded by timeouts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 300


def main(client: list[str]) -> int:
    if not client:
        print(__doc__, file=sys.stderr)
        return 2
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
    server = subprocess.Popen(
        [sys.executable, "-m", "gnoming.server", "--host", "127.0.0.1", "--port", "0",
         "--open-table", "C7BX", "--seats", "2", "--gnomes", "1", "--seed", "7", "--quit-at-end"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert server.stdout is not None
        ready = json.loads(server.stdout.readline())
        with tempfile.TemporaryDirectory() as folder:
            result_path = Path(folder) / "result.json"
            joined = subprocess.run(
                [*client, "--join", f"127.0.0.1:{ready['port']}", "--code", "C7BX", "--autoplay",
                 "--quit-at-end", "--data-dir", folder, "--result-json", str(result_path)],
                cwd=ROOT, env=env, timeout=TIMEOUT, check=False,
            )
            if joined.returncode != 0:
                print(f"the client exited with code {joined.returncode}", file=sys.stderr)
                return 1
            seen = json.loads(result_path.read_text(encoding="utf-8"))
        out, _ = server.communicate(timeout=TIMEOUT)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    if server.returncode != 0:
        print(f"the server exited with code {server.returncode}", file=sys.stderr)
        return 1
    told = next(json.loads(line) for line in out.splitlines() if '"result"' in line)
    for key in ("totals", "winners", "round_scores"):
        if seen[key] != told[key]:
            print(f"{key}: the client saw {seen[key]}, the server said {told[key]}", file=sys.stderr)
            return 1
    print(f"    client and server agree: totals {told['totals']}, winners {told['winners']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
