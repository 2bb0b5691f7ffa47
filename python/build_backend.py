"""The PEP 517 build backend of the dcconf Python package (pyproject.toml: backend-path ["."]).

It needs nothing beyond the standard library (no setuptools, no wheel), so `pip install ./python` works offline
with any pip >= 21.3, build isolation or not, and with an interpreter that has no setuptools / wheel (a pyenv
build). The wheel holds dcconf/*.py and the extension dcconf._core, taken in this order:
  1. DCCONF_PYTHON_EXTENSION=FILE (it must end in this Python's EXT_SUFFIX);
  2. the build tree's (DCCONF_BUILD_DIR, default ../build): build/python/dcconf/_core<EXT_SUFFIX>, built by
     `bash scripts/setup.sh` for Debian's python3 (any CPython of the same minor version has the same suffix);
  3. a CMake build of the target dcconf_python_core for this Python (-DDCCONF_PYTHON=sys.executable) in a temporary
     folder; it needs the Debian packages scripts/setup.sh installs.
DCCONF_PYTHON_BUILD=cmake skips 1 and 2; DCCONF_SOURCE_DIR names the checkout when python/ is not inside it.
Nothing is downloaded.
"""
import base64
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
NAME = "dcconf"
SUMMARY = "Byte-exact oracle for Ascend C data copies as a numpy library, vector verifier and pytest plugin"


class BuildError(SystemExit):
    """Ends the build with one line (pip shows it)."""

    def __init__(self, message):
        super().__init__(f"dcconf build: error: {message}")


def _root():
    return pathlib.Path(os.environ.get("DCCONF_SOURCE_DIR", HERE.parent)).resolve()


def _version():
    cmake_lists = _root() / "CMakeLists.txt"
    try:
        match = re.search(r"project\(dcconf VERSION ([0-9.]+)", cmake_lists.read_text(encoding="utf-8"))
    except OSError as error:
        raise BuildError(f"cannot read {cmake_lists} ({error.strerror}): set DCCONF_SOURCE_DIR to the checkout")
    if not match:
        raise BuildError(f"no `project(dcconf VERSION x.y.z)` in {cmake_lists}")
    return match.group(1)


def _tag():
    version = f"{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"cp{version}", f"cp{version}{getattr(sys, 'abiflags', '')}", platform


def _metadata():
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {SUMMARY}\n"
            f"Requires-Python: >=3.9\nRequires-Dist: numpy\nDescription-Content-Type: text/markdown\n\n{readme}")


def _wheel_file():
    python, abi, platform = _tag()
    return (f"Wheel-Version: 1.0\nGenerator: dcconf build_backend\nRoot-Is-Purelib: false\n"
            f"Tag: {python}-{abi}-{platform}\n")


def _extension():
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if os.environ.get("DCCONF_PYTHON_BUILD") != "cmake":
        given = os.environ.get("DCCONF_PYTHON_EXTENSION")
        if given:
            if not given.endswith(suffix) or not os.path.isfile(given):
                raise BuildError(f"DCCONF_PYTHON_EXTENSION={given} is not a file ending in this Python's {suffix}")
            return pathlib.Path(given), None
        built = pathlib.Path(os.environ.get("DCCONF_BUILD_DIR", _root() / "build")) / "python" / NAME / f"_core{suffix}"
        if built.is_file():
            return built, None
    cmake = shutil.which("cmake")
    if cmake is None:
        raise BuildError(f"no built _core{suffix} for {sys.executable} and no cmake to build one: run "
                         "`bash scripts/setup.sh` (Debian 12), or set DCCONF_BUILD_DIR to a build tree")
    work = tempfile.mkdtemp(prefix="dcconf-python-build.")
    configure = [cmake, "-S", str(_root()), "-B", work, "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
                 "-DDCCONF_PYTHON=" + sys.executable]
    if shutil.which("ccache"):
        configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
    jobs = os.environ.get("DCCONF_BUILD_JOBS", str(min(2, os.cpu_count() or 1)))
    for command in (configure, [cmake, "--build", work, "--target", "dcconf_python_core", "-j", jobs]):
        print("dcconf build: " + " ".join(command), file=sys.stderr)
        if subprocess.call(command, stdout=sys.stderr) != 0:
            shutil.rmtree(work, ignore_errors=True)
            raise BuildError(f"`{' '.join(command)}` failed: the extension needs the packages `bash scripts/setup.sh` "
                             f"installs and pybind11 for {sys.executable}")
    built = pathlib.Path(work) / "python" / NAME / f"_core{suffix}"
    if not built.is_file():
        shutil.rmtree(work, ignore_errors=True)
        raise BuildError(f"the CMake build made no {built}")
    return built, work


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


# ---- PEP 517 hooks ------------------------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    target = pathlib.Path(metadata_directory) / _dist_info()
    target.mkdir(parents=True, exist_ok=True)
    (target / "METADATA").write_text(_metadata(), encoding="utf-8")
    (target / "WHEEL").write_text(_wheel_file(), encoding="utf-8")
    return target.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    extension, work = _extension()
    print(f"dcconf build: dcconf._core from {extension}", file=sys.stderr)
    python, abi, platform = _tag()
    name = f"{NAME}-{_version()}-{python}-{abi}-{platform}.whl"
    files = [(f"{NAME}/{source.name}", source.read_bytes()) for source in sorted((HERE / NAME).glob("*.py"))]
    files.append((f"{NAME}/{extension.name}", extension.read_bytes()))
    if work:
        shutil.rmtree(work, ignore_errors=True)
    dist_info = _dist_info()
    files += [(f"{dist_info}/METADATA", _metadata().encode()), (f"{dist_info}/WHEEL", _wheel_file().encode())]
    record = [_record_line(path, data) for path, data in files] + [f"{dist_info}/RECORD,,"]
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    path = pathlib.Path(wheel_directory) / name
    temporary = path.with_suffix(".whl.part")
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as wheel:
        for member, data in files:
            info = zipfile.ZipInfo(member, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if member.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    os.replace(temporary, path)
    return name


def build_sdist(sdist_directory, config_settings=None):
    raise BuildError("no sdist: install from the checkout (pip install ./python); the extension needs the C++ tree")
