"""The maps proposed after map 3 (experiments/balance.md §8), written out to be measured.

    .venv/bin/python experiments/balance/candidates.py [--out build/balance/candidates]

Each candidate is map 3 (game/data/maps/3.json) with edits of tools/map_edits.json added, and
where its name says so the Aegean ship's call at Cenchreae (map 3's edit aegean_to_cenchreae)
taken back. Then, for each NAME printed:

    .venv/bin/python tools/balance_map.py measure build/balance/candidates/NAME.json \
        --agent policy:tactics --seed 9 --games 3000 3000 3000 3000 3000 --jobs 2 \
        --out build/balance/candidates/NAME.t9.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from map_edits import apply_edit, map_problems, read_edits  # noqa: E402

TAKE_BACK_CENCHREAE = {"id": "no_cenchreae", "ops": [{"drop_route": ["ship_aegean", "corinthus"]}]}
# Proposal A (§8) and A with Corcyra also from Croton and Syracusae's crossing by the Strait.
A = ("aegean_to_amphipolis", "ebusus_off_tarraco")
CROTON = ("corcyra_from_croton", "syracuse_off_croton")
ACS = (*A, *CROTON)
CANDIDATES: dict[str, tuple[bool, tuple[str, ...]]] = {  # name: (Cenchreae taken back, edits)
    "danube": (False, ("danube_at_singidunum",)),
    "danube_sinope": (False, ("danube_at_singidunum", "pontus_off_sinope")),
    "leuke_off": (False, ("leuke_off_pontus",)),
    "danube_leuke_off": (False, ("danube_at_singidunum", "leuke_off_pontus")),
    "leuke_meet": (False, ("leuke_off_pontus", "pontus_ships_meet")),
    "danube_leuke_meet": (False, ("danube_at_singidunum", "leuke_off_pontus", "pontus_ships_meet")),
    "amph_nocen": (True, ("aegean_to_amphipolis",)),
    "danube_amph_nocen": (True, ("danube_at_singidunum", "aegean_to_amphipolis")),
    "an_syr": (True, ("aegean_to_amphipolis", "syracuse_off_croton")),
    "an_sicily": (True, ("aegean_to_amphipolis", "sicily_border_closed")),
    "an_ebusus_elis": (True, ("aegean_to_amphipolis", "ebusus_off_tarraco", "corcyra_from_elis")),
    "amph_ebusus": (False, ("aegean_to_amphipolis", "ebusus_off_tarraco")),
    "amph_ebusus_acra": (
        False,
        ("aegean_to_amphipolis", "ebusus_off_tarraco", "sardinia_from_hippo_acra"),
    ),
    "an_ebusus": (True, ("aegean_to_amphipolis", "ebusus_off_tarraco")),
    "ae_croton": (False, (*A, "corcyra_from_croton")),
    "ae_croton_syr": (False, ACS),
    "an_ebusus_croton_syr": (True, ACS),
    "acs_tyr": (False, (*ACS, "tyrrhenian_to_sardinia")),
    "acs_tyr_pan": (False, (*ACS, "tyrrhenian_to_sardinia", "tyrrhenian_off_panormus")),
    "acs_tyr_ostia": (False, (*ACS, "tyrrhenian_to_sardinia", "tyrrhenian_off_ostia")),
    "acs_apulia": (False, (*ACS, "apulian_road")),
    "acs_tyr_south": (False, (*ACS, "tyrrhenian_south")),
    # Map 4 (game/data/maps/4.json): Ebusus' crossing from Tarraco kept.
    "a_croton_syr_tyr_south": (False, (*A[:1], *CROTON, "tyrrhenian_south")),
    "ae_croton_tyr": (False, (*A, "corcyra_from_croton", "tyrrhenian_to_sardinia")),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build/balance/candidates")
    args = parser.parse_args()
    edits = {e["id"]: e for e in read_edits(ROOT / "tools/map_edits.json")}
    map3 = json.loads((ROOT / "game/data/maps/3.json").read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    for name, (no_cenchreae, ids) in CANDIDATES.items():
        board = apply_edit(map3, TAKE_BACK_CENCHREAE) if no_cenchreae else map3
        for edit in ids:
            board = apply_edit(board, edits[edit])
        problems = map_problems(board)
        if problems:
            raise SystemExit(f"{name}: {problems[0]}")
        (args.out / f"{name}.json").write_text(json.dumps(board, ensure_ascii=False, indent=1))
        print(name)


if __name__ == "__main__":
    main()
