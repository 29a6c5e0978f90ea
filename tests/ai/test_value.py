"""The learned position evaluation (gnoming/ai/value.py), the script that fits
it (scripts/value_fit.py) and Hard's leaf that may use it (not shipped)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from gnoming.ai import ExpertBot, HardBot, hard, make_bot_from_spec, value
from gnoming.ai.hard import learned_points
from gnoming.ai.knowledge import DOWN, Unseen, known_points
from gnoming.ai.playout import FastPolicy, public_layout
from gnoming.rules import Action, GameState, Phase, observe

D = DOWN
LAYOUT = [5, D, 5, D, 12, -3, D, 99, D]


def test_a_line_is_the_same_in_any_order_and_the_moments_are_clamped() -> None:
    assert value.line_key(5, D, -3) == value.line_key(-3, 5, D) == value.line_key(D, -3, 5)
    assert value.line_key(5, 5, D) != value.line_key(5, D, D)
    assert value.moment(0, False) == value.moment(1, False) == 0
    assert value.moment(9, True) == value.moment(value.MAX_QUICKEST, True) == value.N_MOMENTS - 1
    assert value.moment(3, True) == value.moment(3, False) + 1


def test_a_value_is_the_sum_of_its_weights() -> None:
    weights = [0.0] * value.N_WEIGHTS
    when = value.moment(3, False)
    a, b, c, d = value.numeric_indices(when)
    weights[a], weights[b], weights[c] = 2.0, 4.0, -1.0
    on, points, down = value.features(LAYOUT, when)
    for i in on:
        weights[i] += 0.5
    model = value.LineValue(weights)
    expected = 2.0 * known_points(LAYOUT, 0.0) * value.SCALE_POINTS + 4.0 * 4 - 1.0
    assert points == known_points(LAYOUT, 0.0) * value.SCALE_POINTS and down == 4.0
    assert model.value(LAYOUT, 3, False) == pytest.approx(expected + 0.5 * len(on))
    assert not model.uses_prior
    weights[d] = 3.0
    with_prior = value.LineValue(weights)
    assert with_prior.uses_prior
    assert with_prior.value(LAYOUT, 3, False, 20.0) == pytest.approx(
        expected + 0.5 * len(on) + 3.0 * 20.0 * value.SCALE_PRIOR
    )
    assert len(on) == 12  # six lines, once for any moment and once for this one
    # another moment: only the lines' weights for any moment
    assert model.value(LAYOUT, 3, True) == pytest.approx(0.5 * 6)


def test_weights_survive_a_round_trip_and_bad_files_say_why(tmp_path: Path) -> None:
    rng = random.Random(3)
    weights = [0.0] * value.N_WEIGHTS
    for _ in range(300):
        weights[rng.randrange(value.N_WEIGHTS)] = round(rng.uniform(-3, 3), 3)
    path = tmp_path / "v.json"
    value.LineValue(weights).save(path, {"note": "test"})
    again = value.load(path)
    assert again.weights == weights
    for text, reason in [
        ("{", "cannot read"),
        ('{"n_weights": 5, "weights": []}', "not a learned evaluation"),
        (json.dumps({"n_weights": value.N_WEIGHTS, "weights": [[10**9, 1.0]]}), r"not \[index"),
        (json.dumps({"n_weights": value.N_WEIGHTS, "weights": [[-1, 1.0]]}), r"not \[index"),
        (json.dumps({"n_weights": value.N_WEIGHTS, "weights": {"12": 3}}), r"not \[index"),
        (f'{{"n_weights": {value.N_WEIGHTS}, "weights": [[3, NaN]]}}', r"not \[index"),
    ]:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=reason):
            value.load(path)
    with pytest.raises(ValueError, match="cannot read"):
        value.load(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="weights"):
        value.LineValue([0.0])


def test_the_fitted_weights_rate_a_hazard_worse_than_a_minus_five() -> None:
    model = value.shared()
    for quickest in range(1, value.MAX_QUICKEST + 1):
        hazard = [99] + [D] * 8
        low = [-5] + [D] * 8
        assert model.value(hazard, quickest, False) > model.value(low, quickest, False)


def test_the_fit_recovers_a_relation_the_features_can_express(
    load_script: Callable[[str], ModuleType],
) -> None:
    """Round points made up from the features themselves: the fit gets close."""
    module = load_script("value_fit")
    rng = random.Random(5)
    faces = [-3, -1, 0, 2, 5, 8, 12, D]
    samples = []
    for k in range(3000):
        cards = tuple(rng.choice(faces) for _ in range(9))
        quickest = rng.randrange(1, 7)
        target = 0.8 * known_points(cards, 0.0) + 3.0 * cards.count(D) + quickest
        samples.append((k, cards, quickest, False, 0.0, 0.0, target))
    model = module.fit(samples[:2700], epochs=12, rate=0.2, shrink=0.0, seed=1)
    held = samples[2700:]
    errors = [model.value(s[1], s[2], s[3]) - s[6] for s in held]
    spread = [s[6] - sum(h[6] for h in held) / len(held) for s in held]
    rmse = (sum(e * e for e in errors) / len(errors)) ** 0.5
    sd = (sum(x * x for x in spread) / len(spread)) ** 0.5
    assert rmse < 0.25 * sd


def test_the_script_plays_fits_reports_and_writes(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    module = load_script("value_fit")
    out = tmp_path / "fit.json"
    assert (
        module.main(["--games", "10", "--epochs", "1", "--explore", "0.2", "--out", str(out)]) == 0
    )
    text = capsys.readouterr().out
    assert "held out" in text and "all" in text
    model = value.load(out)
    assert any(model.weights) and not model.uses_prior
    notes = tmp_path / "notes.pkl"
    args = ["--games", "10", "--epochs", "1", "--notes", str(notes), "--prior", "--out", str(out)]
    assert module.main(args) == 0
    assert "notes read from" not in capsys.readouterr().out
    assert module.main(args) == 0  # the same games: the notes are read back
    assert "notes read from" in capsys.readouterr().out
    assert value.load(out).uses_prior
    notes.write_bytes(b"not a pickle")
    assert module.main(args) == 0  # a broken notes file: played again, and said so
    assert "cannot be read" in capsys.readouterr().out
    assert module.main(["--games", "5"]) == 2
    assert "at least 10 games" in capsys.readouterr().err


def _leaf_calls(
    monkeypatch: pytest.MonkeyPatch, n_seats: int, leaf_model: str, positions: int = 12
) -> tuple[int, list[Action]]:
    """How often Expert's search judged a leaf by the learned model, and what
    it chose, at the first ``positions`` searched decisions of a game."""
    calls = [0]

    def counted(state: GameState, model: value.LineValue, unseen: Unseen) -> list[float]:
        calls[0] += 1
        return learned_points(state, model, unseen)

    monkeypatch.setattr(hard, "learned_points", counted)
    state = GameState.new(n_seats, seed=4)
    policy = FastPolicy(4.0, random.Random(4))
    chosen: list[Action] = []
    while len(chosen) < positions and not state.is_over():
        legal = state.legal_actions()
        if state.phase in hard.SEARCHED and len(legal) > 1:
            bot = ExpertBot(9, leaf_model=leaf_model, playouts=4)
            chosen.append(bot.choose(observe(state, state.current_seat()), legal))
        state.apply(legal[0] if len(legal) == 1 else policy(state))
    return calls[0], chosen


def test_expert_judges_its_leaf_by_the_learned_model_heads_up_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls, chosen = _leaf_calls(monkeypatch, 2, "learned")
    assert calls > 0
    assert _leaf_calls(monkeypatch, 2, "learned")[1] == chosen  # the same every time
    assert _leaf_calls(monkeypatch, 2, "plain")[0] == 0
    assert _leaf_calls(monkeypatch, 3, "learned")[0] == 0  # heads-up only


def test_the_learned_points_are_the_models_values_by_who_moves_next() -> None:
    state = GameState.new(2, seed=4)
    while state.phase is not Phase.DRAW:
        state.apply(state.legal_actions()[0])
    model = value.shared()
    points = learned_points(state, model, Unseen.of(observe(state, 0)))
    quickest = min(state.face_down_count)
    assert points == [
        model.value(public_layout(state, s), quickest, s == state.seat) for s in range(2)
    ]
    assert make_bot_from_spec('expert(leaf_model="learned")', 1).name == "expert"
    with pytest.raises(ValueError, match="leaf_model"):
        HardBot(1, leaf_model="deep")


def test_every_note_is_labelled_with_its_own_seats_round(
    load_script: Callable[[str], ModuleType],
) -> None:
    module = load_script("value_fit")
    notes, end = module.play_game(3, 1, "medium,medium", 0.0)
    assert notes == module.play((3, 1, "medium,medium", 0.0))
    pairs = [(notes[k][-1], notes[k + 1][-1]) for k in range(0, len(notes), 2)]
    rounds = [tuple(float(p) for p in r.scores) for r in end.round_results]
    assert [p for k, p in enumerate(pairs) if k == 0 or p != pairs[k - 1]] == rounds
    assert any(a != b for a, b in rounds)  # a mix-up of the seats would show


def test_the_learned_leaf_and_policy_run_in_the_benches(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    calibration = load_script("leaf_calibration")
    assert calibration.main(["--positions", "40", "--deals", "4", "--leaf", "learned"]) == 0
    assert "within a deal" in capsys.readouterr().out
    bench = load_script("policy_bench")
    assert (
        bench.main(["--policy", "value", "--against", "medium", "--seats", "2", "--rounds", "4"])
        == 0
    )
    assert "value against medium, 2 seats, 4 rounds" in capsys.readouterr().out
