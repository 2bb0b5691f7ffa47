"""Builds the dcconf Python package (pyproject.toml): the pure-Python modules plus the extension dcconf._core.

The extension is the C++ oracle, casefile, run diff and generators behind pybind11 (python/src/module.cpp). setup.py
takes it, in this order:
  1. DCCONF_PYTHON_EXTENSION=FILE: that file (it must carry this Python's EXT_SUFFIX);
  2. the build tree's (DCCONF_BUILD_DIR, default ../build): build/python/dcconf/_core<EXT_SUFFIX>, when it exists and
     carries this Python's EXT_SUFFIX (built by `bash scripts/setup.sh` for Debian's python3);
  3. otherwise a CMake build of the target dcconf_python_core for this Python (-DDCCONF_PYTHON=sys.executable), in
     setuptools' build_temp; it needs the packages scripts/setup.sh installs (pybind11-dev, ...).
DCCONF_PYTHON_BUILD=cmake skips 1 and 2. Nothing is downloaded. DCCONF_SOURCE_DIR names the checkout when python/
is not inside it.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
# The dcconf checkout: python/'s parent, or DCCONF_SOURCE_DIR when python/ was copied elsewhere (the CTest does).
ROOT = pathlib.Path(os.environ.get("DCCONF_SOURCE_DIR", HERE.parent)).resolve()


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(dcconf VERSION ([0-9.]+)", text)
    if not match:
        sys.exit("setup.py: error: no `project(dcconf VERSION x.y.z)` in " + str(ROOT / "CMakeLists.txt"))
    return match.group(1)


class BuildCore(build_ext):
    """dcconf._core from the build tree when it fits this Python, else from CMake."""

    def build_extension(self, ext):
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        source = None if os.environ.get("DCCONF_PYTHON_BUILD") == "cmake" else self.prebuilt(suffix)
        if source is None:
            source = self.cmake_build(suffix)
        print(f"setup.py: dcconf._core from {source}")
        shutil.copyfile(source, target)

    def prebuilt(self, suffix):
        given = os.environ.get("DCCONF_PYTHON_EXTENSION")
        if given:
            if not given.endswith(suffix) or not os.path.isfile(given):
                sys.exit(f"setup.py: error: DCCONF_PYTHON_EXTENSION={given} is not a file ending in this Python's "
                         f"{suffix}")
            return given
        build = pathlib.Path(os.environ.get("DCCONF_BUILD_DIR", ROOT / "build"))
        candidate = build / "python" / "dcconf" / ("_core" + suffix)
        return str(candidate) if candidate.is_file() else None

    def cmake_build(self, suffix):
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("setup.py: error: no built dcconf._core for this Python and no cmake to build one: run "
                     "`bash scripts/setup.sh` (Debian 12), or set DCCONF_BUILD_DIR to a build tree")
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        configure = [cmake, "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
                     "-DDCCONF_PYTHON=" + sys.executable]
        if shutil.which("ccache"):
            configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        jobs = os.environ.get("DCCONF_BUILD_JOBS", str(min(2, os.cpu_count() or 1)))
        for command in (configure, [cmake, "--build", str(build), "--target", "dcconf_python_core", "-j", jobs]):
            print("setup.py: " + " ".join(command))
            if subprocess.call(command) != 0:
                sys.exit(f"setup.py: error: `{' '.join(command)}` failed: the extension needs the packages "
                         f"`bash scripts/setup.sh` installs, and pybind11 for {sys.executable}")
        built = build / "python" / "dcconf" / ("_core" + suffix)
        if not built.is_file():
            sys.exit(f"setup.py: error: the CMake build made no {built}")
        return str(built)


setup(version=project_version(),
      ext_modules=[Extension("dcconf._core", sources=[])],
      cmdclass={"build_ext": BuildCore})
