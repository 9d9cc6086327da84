"""The compiled engine: setup.py compiles the modules of parlour.native.MODULES with Cython.

Everything else about the package is in pyproject.toml. ``pip install .`` and ``pip install -e .`` both build it;
each compiled file is named with a hash of its source (``parlour/native.py`` says why), so an editable install
never runs a compiled module older than its source: it runs pure Python until the next ``pip install -e .``.
Without Cython or a C compiler the install goes on and parlour runs pure Python; ``PARLOUR_PURE=1`` at install
time builds nothing.
"""

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).resolve().parent / "src"


def _native():
    """parlour/native.py, loaded alone (importing the package would need its dependencies installed)."""
    spec = importlib.util.spec_from_file_location("_parlour_native", SRC / "parlour" / "native.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


native = _native()


def _say(text: str) -> None:
    print(f"parlour: {text}", file=sys.stderr)


class BuildNative(build_ext):
    """Names each compiled file by its source's hash, compiles in parallel, and leaves parlour pure on failure."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def get_ext_filename(self, fullname: str) -> str:
        # Called with a module's full name (where setuptools copies an in-place build) or with its last part only
        # (where distutils writes the build, see get_ext_fullpath); only the first can be told apart.
        filename = super().get_ext_filename(fullname)
        return self._hashed(fullname, filename) if fullname in native.MODULES else filename

    def get_ext_fullpath(self, ext_name: str) -> str:
        path = super().get_ext_fullpath(ext_name)
        return self._hashed(ext_name, path) if ext_name in native.MODULES else path

    @staticmethod
    def _hashed(fullname: str, path: str) -> str:
        """``path`` (``…/state.cpython-311-….so``) with the hash of ``fullname``'s source in the file's name."""
        folder, file = os.path.split(path)
        stem = fullname.rpartition(".")[2]
        suffix = file[len(stem):]
        return os.path.join(folder, native.compiled_name(fullname, native.source_hash(fullname, SRC), suffix))

    def run(self) -> None:
        try:
            super().run()
        except Exception as failure:  # no C compiler, or it failed: the install goes on, pure Python
            _say(f"the compiled engine was not built ({failure}); parlour will run its pure Python engine")
            return
        if self.inplace:
            self._drop_old_builds()

    def _drop_old_builds(self) -> None:
        """In the source tree, the compiled files of a module's earlier sources are deleted."""
        for fullname in native.MODULES:
            current = native.compiled_file(fullname, SRC)
            for old in native.built_files(fullname, SRC):
                if old != current:
                    old.unlink()


def extensions() -> list:
    """The Cython extension modules of parlour.native.MODULES, or none (with a notice) when they cannot be built."""
    if os.environ.get("PARLOUR_PURE") == "1":
        _say("PARLOUR_PURE=1: the compiled engine is not built")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _say("Cython is not installed: the compiled engine is not built, parlour will run pure Python")
        return []
    sources = [str(native.source_of(name, SRC).relative_to(SRC.parent)) for name in native.MODULES]
    return cythonize(sources, compiler_directives=native.DIRECTIVES, quiet=True, build_dir="build/cython",
                     nthreads=os.cpu_count() or 1)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildNative})
