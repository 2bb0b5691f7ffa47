"""pytest plugin: the dcconf conformance suite for an implementation exposed to Python (docs/python.md).

    # test_mine.py, run with: pytest -p dcconf.pytest_plugin test_mine.py
    def test_conformance(dcconf_case):
        dcconf_case.check(my_sim.run)          # run(case, src, dst) writes dst in place or returns it

Cases come from the property generators (seeded; per operation, product, dtype and path; a failure is shrunk to a
minimal case, saved as a case file and reported with a `dcconf run --replay` line) or from a vector set
(--dcconf-vectors SET). Test ids carry the operation, path, dtype, clause family and, for vectors, tcId and
clause, so -k selects like a glob over them: -k "ND2NZ and half". @pytest.mark.dcconf(operation=..., dtype=...,
path=..., cases=..., invalid=...) narrows one test function. Invalid cases (--dcconf-invalid, one constraint broken,
ids "...-G-4-<clause>-i") pass when the implementation raises, or when it writes only where the valid case would.

Ambiguities of kind *alternatives* (G-6: AMB-8 offset sign, AMB-10 DEQ rounding, ...) are left open by the default
profile: implement one behaviour of each, and the plugin tells you which readings your outputs follow. Each passing
case records them (user property "dcconf readings", in junit XML) and the terminal summary prints the fingerprint:
per ambiguity, the readings every case that exercised it is consistent with, or INCONSISTENT. An output mixing
readings inside one call (one column signed, the next unsigned) fails naming G-6.
"""
import fnmatch
import os
import pathlib
import re
import zlib

import numpy as np
import pytest

import dcconf
from dcconf import vectors as _vectors


def pytest_addoption(parser):
    group = parser.getgroup("dcconf", "dcconf conformance cases")
    group.addoption("--dcconf-product", default="atlas-a2", help="product whose documented paths are drawn")
    group.addoption("--dcconf-operation", default="*",
                    help="glob over operation keys, names and clause families (nd2nz, 'DataCopyPad*', ND2NZ)")
    group.addoption("--dcconf-path", default="*", help="glob over paths, e.g. 'GM->*'")
    group.addoption("--dcconf-dtype", default="*", help="glob over Ascend C dtypes, e.g. half")
    group.addoption("--dcconf-profile", default="", help="ambiguity profile, e.g. hw-noop,doc-dummy")
    group.addoption("--dcconf-cases", type=int, default=5, help="cases drawn per operation x dtype (default 5)")
    group.addoption("--dcconf-invalid", type=int, default=1,
                    help="invalid cases (one constraint broken, G-4) drawn per operation x dtype (default 1)")
    group.addoption("--dcconf-seed", type=int, default=1, help="seed of the draws (default 1)")
    group.addoption("--dcconf-vectors", default=None, help="take the cases from this vector set instead")
    group.addoption("--dcconf-replay", default=None, help="run only this saved case file")
    group.addoption("--dcconf-failures", default="dcconf-failures",
                    help="folder for shrunk failing cases (default ./dcconf-failures)")


_READINGS = pytest.StashKey()  # {"AMB-8": {"cases": n, "words": [readings every such case is consistent with]}}


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """G-6: the reading fingerprint of the implementation: per alternatives ambiguity, the readings of every
    passing case that exercised it, or INCONSISTENT when no single reading explains them all."""
    fingerprint = config.stash.get(_READINGS, {})
    if not fingerprint:
        return
    terminalreporter.section("dcconf readings (G-6)")
    for amb in sorted(fingerprint, key=lambda a: int(a[4:])):
        tally = fingerprint[amb]
        words = "|".join(tally["words"]) if tally["words"] else "INCONSISTENT (no single reading explains them all)"
        terminalreporter.write_line(f"{amb} {words} ({tally['cases']} case(s))")


def pytest_configure(config):
    config.addinivalue_line("markers", "dcconf(operation='*', dtype='*', path='*', cases=None, invalid=None): narrow the "
                                       "dcconf_case parametrisation of one test")
    product = config.getoption("dcconf_product")
    known = sorted({row["product"] for row in dcconf._core.support()})
    if product not in known:  # a usage error (exit 4), as `dcconf run --product` refuses it
        raise pytest.UsageError(f"--dcconf-product: unknown product {product!r} (known: {', '.join(known)})")


def _nothing_selected(config, scope):
    """Why the selection selects no case: the test fails with it, as `dcconf run` exits 8 (nothing tested)."""
    options = ", ".join(f"--dcconf-{name} {config.getoption('dcconf_' + name)!r}"
                       for name in ("product", "operation", "path", "dtype"))
    marker = "".join(f", marker {key}={value!r}" for key, value in sorted(scope.items()))
    return f"dcconf: the selection selects no case ({options}{marker}): nothing was tested"


def _slug(text):
    return re.sub(r"-+", "-", re.sub(r"[^A-Za-z0-9]", "-", text)).strip("-")


class DcconfFailure(AssertionError):
    """An implementation disagrees with the oracle; the message is `dcconf run`'s diff and repro."""


class DcconfCase:
    """One case for the implementation under test: .case (dcconf.Case with .src and .dst_before), .id."""

    def __init__(self, case_id, case, failures_dir, draw=None, vector=None, set_dir=None, invalid=None, node=None):
        self.id = case_id
        self._node = node  # the pytest item: its readings go to user_properties and the session's fingerprint
        self._set_dir = set_dir
        self._invalid = invalid  # (clause, field, how, allowed write ranges) for a G-4 case
        self.case = case
        self._failures_dir = pathlib.Path(failures_dir)
        self._draw = draw      # (operation, product, dtype, path_glob, profile, seed, size) when generated
        self._vector = vector  # a dcconf.vectors.Test when from a set

    @property
    def src(self):
        return self.case.src

    @property
    def dst_before(self):
        return self.case.dst_before

    def run(self, impl, case=None):
        """impl(case, src, dst) on copies of the buffers; returns the destination it produced (uint8 bytes)."""
        case = case or self.case
        src = case.src.copy()
        dst = case.dst_before.copy()
        out = impl(case, src, dst)
        out = dst if out is None else out
        out = np.ascontiguousarray(out).reshape(-1).view(np.uint8)
        if not np.array_equal(src, case.src):
            raise DcconfFailure(f"{self.id}: the implementation changed its source buffer (G-2)")
        return out

    def check(self, impl, max_lines=8):
        """Runs impl and compares every cared byte (guards included) with the oracle; raises DcconfFailure with
        the diff, the shrunk case file and the repro lines. impl raising dcconf.NotSupported skips the case."""
        __tracebackhide__ = True  # the failure is the diff, not this function's source
        if self._vector is not None:
            return self._check_vector(impl, max_lines)
        if self._invalid is not None:
            return self._check_invalid(impl)
        try:
            actual = self.run(impl)
        except dcconf.NotSupported as error:
            pytest.skip(f"NOT_SUPPORTED: {error}")
        diff = dcconf.check(self.case, self.case.src, self.case.dst_before, actual, max_lines=max_lines)
        if diff.ok:
            self._record_readings(diff.readings)
            return diff
        minimal, steps = self._shrink(impl)
        minimal_diff = self._diff_or_error(impl, minimal, max_lines)
        saved = self._save(minimal)
        lines = [f"{self.id}: G-1 conformance [{minimal_diff.clause if minimal_diff else diff.clause}]",
                 str(minimal_diff if minimal_diff is not None else diff),
                 (f"  drawn: seed {self._draw[5]}, size {self._draw[6]}; shrunk in {steps} step(s) to the case "
                  f"{saved}" if self._draw else f"  case file: {saved}"),
                 f"  repro: dcconf run --backend YOUR_BACKEND --replay {saved}",
                 f"  repro: pytest -p dcconf.pytest_plugin --dcconf-replay {saved} THIS_TEST_FILE"]
        raise DcconfFailure("\n".join(lines))

    def _record_readings(self, readings):
        """G-6: the readings a passing output follows, on the test item and in the session's fingerprint."""
        if not readings or self._node is None:
            return
        self._node.user_properties.append(
            ("dcconf readings", "; ".join(f"{amb} {'|'.join(words)}" for amb, words in readings.items())))
        fingerprint = self._node.config.stash.setdefault(_READINGS, {})
        for amb, words in readings.items():
            tally = fingerprint.setdefault(amb, {"cases": 0, "words": None})
            tally["cases"] += 1
            tally["words"] = list(words) if tally["words"] is None else [w for w in tally["words"] if w in words]

    def _check_invalid(self, impl):
        """G-4: refusing (raising) is conformant; running anyway may write only where the valid case it was broken
        from writes (ACCEPTED_INVALID), anything else is a failure."""
        __tracebackhide__ = True
        clause, field, how, allowed = self._invalid
        try:
            actual = self.run(impl)
        except Exception:
            return "REJECTED"
        before = self.case.dst_before
        mask = np.ones(before.size, dtype=bool)
        for begin, end in allowed:
            mask[begin:end] = False
        stray = np.flatnonzero(mask[:actual.size] & (actual[:before.size] != before[:actual.size]))
        if actual.size != before.size or stray.size:
            saved = self._save(self.case)
            where = (f"it wrote byte {int(stray[0])} outside the allowed writes: expected 0x{before[stray[0]]:02x}, "
                     f"got 0x{actual[stray[0]]:02x}" if stray.size else
                     f"its destination is {actual.size} bytes, not {before.size}")
            raise DcconfFailure(f"{self.id}: invalid ({clause} {field}: {how}) and run anyway, {where} (G-4/G-1)\n"
                                f"  repro: dcconf run --backend YOUR_BACKEND --replay {saved}")
        return "ACCEPTED_INVALID"

    def _diff_or_error(self, impl, case, max_lines):
        try:
            actual = self.run(impl, case)
        except Exception as error:  # a crash of the implementation on the minimal case is its failure
            return dcconf.Diff(0, None, "G-1", f"the implementation raised {type(error).__name__}: {error}", [])
        return dcconf.check(case, case.src, case.dst_before, actual, max_lines=max_lines)

    def _fails(self, impl, case_text):
        case = dcconf.Case.from_json(case_text)
        try:
            actual = self.run(impl, case)
        except dcconf.NotSupported:
            return False
        except Exception:
            return True
        return not dcconf.check(case, case.src, case.dst_before, actual, max_lines=0).ok

    def _shrink(self, impl):
        if self._draw is None:
            return self.case, 0
        text, steps = dcconf._core.draw(*self._draw, fails=lambda t: self._fails(impl, t))
        return dcconf.Case.from_json(text), steps

    def _save(self, case):
        self._failures_dir.mkdir(parents=True, exist_ok=True)
        return case.save(self._failures_dir / f"{self.id}.json")

    def _check_vector(self, impl, max_lines):
        __tracebackhide__ = True
        test = self._vector
        try:
            actual = self.run(impl)
        except Exception as error:
            if test.result == "invalid":
                return None  # REJECTED: refusing an invalid case is conformant (G-4)
            if isinstance(error, dcconf.NotSupported):
                pytest.skip(f"NOT_SUPPORTED: {error}")
            raise
        result = _vectors.verify_test(test, actual)
        if result.ok:
            self._record_readings(result.readings)
            return result
        lines = [result.message]
        if test.result == "valid":
            try:
                lines.append(str(dcconf.check(self.case, test.src, test.dst_before, actual, max_lines=max_lines)))
            except dcconf.DcconfError:
                pass  # the set's expectation is the truth; the oracle's words are only a help
        lines.append(f"  repro: dcconf vectors check {self._set_dir} --backend YOUR_BACKEND --tc {test.tc_id}")
        raise DcconfFailure("\n".join(lines))


def _marker_scope(metafunc):
    marker = metafunc.definition.get_closest_marker("dcconf")
    return dict(marker.kwargs) if marker else {}


def _generated(config, scope):
    product = config.getoption("dcconf_product")
    profile = config.getoption("dcconf_profile")
    cases = scope.get("cases") or config.getoption("dcconf_cases")
    invalid = scope.get("invalid", config.getoption("dcconf_invalid"))
    seed = config.getoption("dcconf_seed")
    op_glob = config.getoption("dcconf_operation")
    path_glob = config.getoption("dcconf_path")
    dtype_glob = config.getoption("dcconf_dtype")
    failures = config.getoption("dcconf_failures")
    params = []
    for row in dcconf._core.support(product):
        names = (row["operation"], row["name"], row["family"])
        if not row["generator"] or not any(fnmatch.fnmatchcase(n, op_glob) for n in names):
            continue
        if not any(fnmatch.fnmatchcase(n, scope.get("operation", "*")) for n in names):
            continue
        for dtype in row["dtypes"]:
            if not (fnmatch.fnmatchcase(dtype, dtype_glob) and fnmatch.fnmatchcase(dtype, scope.get("dtype", "*"))):
                continue
            glob = scope.get("path", path_glob) if path_glob == "*" else path_glob
            unit = f"{row['operation']}/{dtype}/{glob}"
            for i in range(cases):
                # A seed per (unit, i), stable when other units are added; sizes ramp like RapidCheck's.
                case_seed = zlib.crc32(f"{seed}/{unit}/{i}".encode())
                size = 100 if cases == 1 else 5 + 95 * i // (cases - 1)
                draw = (row["operation"], product, dtype, glob, profile, case_seed, size)
                params.append((row, dtype, i, draw, failures, False))
            for i in range(invalid):
                draw = (row["operation"], product, dtype, glob, profile, zlib.crc32(f"{seed}/{unit}/G-4/{i}".encode()),
                        50)
                params.append((row, dtype, i, draw, failures, True))
    return params


def _invalid_case(draw):
    """The invalid case of a draw with its allowed writes in its own destination's coordinates, or None."""
    text, clause, field, how, writes, base_offset = dcconf._core.draw_invalid(*draw)
    if text is None:
        return None
    case = dcconf.Case.from_json(text)
    shift, size = case.dst_offset - base_offset, case.dst_before.size
    allowed = [(min(max(b + shift, 0), size), min(max(e + shift, 0), size)) for b, e in writes]
    return case, (clause, field, how, [(b, e) for b, e in allowed if b < e])


def _vector_params(config, set_dir):
    vector_set = _vectors.load(set_dir)
    failures = config.getoption("dcconf_failures")
    return [(None, None, None, test, failures) for test in vector_set.tests]


def pytest_generate_tests(metafunc):
    if "dcconf_case" not in metafunc.fixturenames:
        return
    config = metafunc.config
    replay = config.getoption("dcconf_replay")
    set_dir = config.getoption("dcconf_vectors")
    if replay:
        params, ids = [("replay", replay, config.getoption("dcconf_failures"))], [pathlib.Path(replay).stem]
    elif set_dir:
        params = _vector_params(config, set_dir)
        ids = [f"{t.tc_id}-{t.result}" + (f"-{t.clause}" if t.clause else "") +
               "".join(f"-{f}" for f in t.flags[:2]) for _, _, _, t, _ in params]
        params = [("vector", t, f, set_dir) for _, _, _, t, f in params]
    else:
        scope = _marker_scope(metafunc)
        drawn = []
        for row, dtype, i, draw, failures, invalid in _generated(config, scope):
            if invalid:
                found = _invalid_case(draw)
                if found is None:
                    continue  # no constraint of the operation can be broken within this dtype and path glob
                case, why = found
                case_id = f"{_slug(row['name'])}-{_slug(case.path)}-{dtype}-G-4-{why[0]}-{i}"
                drawn.append((("invalid", case, why, failures), case_id))
                continue
            text, _ = dcconf._core.draw(*draw)
            if text is None:
                continue  # no documented call of the operation fits this dtype and path glob
            case = dcconf.Case.from_json(text)
            case_id = f"{_slug(row['name'])}-{_slug(case.path)}-{dtype}-{row['family']}-G-1-{i}"
            drawn.append((("generated", case, draw, failures), case_id))
        params, ids = [p for p, _ in drawn], [i for _, i in drawn]
        if not params:
            params, ids = [("empty", _nothing_selected(config, scope))], ["no-case-selected"]
    if not params:
        params, ids = [("empty", f"dcconf: the vector set {set_dir} holds no case: nothing was tested")], ["no-case"]
    metafunc.parametrize("dcconf_case", params, ids=ids, indirect=True)


@pytest.fixture
def dcconf_case(request):
    kind = request.param[0]
    if kind == "empty":
        pytest.fail(request.param[1], pytrace=False)
    if kind == "replay":
        _, path, failures = request.param
        return DcconfCase(pathlib.Path(path).stem, dcconf.Case.from_json(pathlib.Path(path)), failures,
                          node=request.node)
    if kind == "vector":
        _, test, failures, set_dir = request.param
        return DcconfCase(test.tc_id, dcconf.Case(dict(test.case), test.src, test.dst_before), failures,
                          vector=test, set_dir=set_dir, node=request.node)
    if kind == "invalid":
        _, case, why, failures = request.param
        return DcconfCase(request.node.callspec.id, case, failures, invalid=why)
    _, case, draw, failures = request.param
    return DcconfCase(request.node.callspec.id, case, failures, draw=draw, node=request.node)


@pytest.fixture(scope="session")
def dcconf_cases(request):
    """Every generated case of the session's options, for a test that loops itself."""
    config = request.config
    out = []
    for row, dtype, i, draw, failures, invalid in _generated(config, {"invalid": 0}):
        text, _ = dcconf._core.draw(*draw)
        if text is not None:
            case = dcconf.Case.from_json(text)
            out.append(DcconfCase(f"{_slug(row['name'])}-{_slug(case.path)}-{dtype}-{row['family']}-G-1-{i}", case,
                                  failures, draw=draw))
    if not out:
        pytest.fail(_nothing_selected(config, {}), pytrace=False)
    return out
