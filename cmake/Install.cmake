# `cmake --install build --prefix DIR` and `cpack -G DEB` (docs/install.md): the CLI, the plugin ABI header and the
# example plugin source, the Python package, the JSON schemas and the docs, under the GNUInstallDirs layout.
include(GNUInstallDirs)
# install / cpack install what is built and do not build `all` first (cpack's preinstall step would otherwise build
# every test executable: minutes of CPU for a package that holds none of them). Build dcconf first, as usual.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# Where the Python package goes below the prefix: Debian's dist-packages for /usr (the .deb); for another prefix put
# PREFIX/${DCCONF_INSTALL_PYTHONDIR} on PYTHONPATH, or pip-install python/ into a venv instead (docs/python.md).
set(DCCONF_INSTALL_PYTHONDIR "lib/python3/dist-packages" CACHE STRING "Python package directory below the prefix")
set(DCCONF_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/dcconf")

install(TARGETS dcconf RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/runners/plugin/include/dcconf_backend.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/runners/plugin/examples/example_plugin.c
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/plugin)
install(PROGRAMS ${PROJECT_SOURCE_DIR}/runners/exec/examples/example_exec_backend.py
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/exec)
install(TARGETS dcconf_python_core LIBRARY DESTINATION ${DCCONF_INSTALL_PYTHONDIR}/dcconf)
file(GLOB DCCONF_INSTALL_PYTHON_SOURCES ${PROJECT_SOURCE_DIR}/python/dcconf/*.py)
install(FILES ${DCCONF_INSTALL_PYTHON_SOURCES} ${CMAKE_BINARY_DIR}/python/dcconf/_built_for.py
        DESTINATION ${DCCONF_INSTALL_PYTHONDIR}/dcconf)
# bin/dcconf-python: the Python the extension is built for, with the installed package importable from any prefix.
set(DCCONF_PYTHON_PACKAGE_PARENT "$(dirname \"$(readlink -f \"$0\")\")/../${DCCONF_INSTALL_PYTHONDIR}")
configure_file(${PROJECT_SOURCE_DIR}/python/dcconf-python.in ${CMAKE_BINARY_DIR}/install/dcconf-python @ONLY)
install(PROGRAMS ${CMAKE_BINARY_DIR}/install/dcconf-python DESTINATION ${CMAKE_INSTALL_BINDIR})
# The golden vectors loader for C++ harnesses outside CANN: header, static library, the example that uses them.
install(TARGETS dcconf_vectors_loader ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/vectors/loader/include/dcconf_vectors.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/vectors/loader/examples/walk_set.cpp DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples/vectors)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/schema/ DESTINATION ${DCCONF_INSTALL_DATADIR}/schema)
file(GLOB DCCONF_INSTALL_DOCS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${DCCONF_INSTALL_DOCS} DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/examples ${PROJECT_SOURCE_DIR}/docs/pictures
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Debian package: Depends from dpkg-shlibdeps (the ELF files' libraries) plus the Python package's needs.
set(CPACK_PACKAGE_NAME dcconf)
set(CPACK_PACKAGE_VENDOR "dcconf")
set(CPACK_PACKAGE_CONTACT "dcconf developers <dcconf@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "conformance suite and byte-exact oracle for Ascend C data-copy instructions")
set(CPACK_PACKAGE_INSTALL_DIRECTORY dcconf)
set(CPACK_STRIP_FILES ON)  # the RelWithDebInfo binary is mostly debug info
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)  # fast to build; xz saves little on a stripped binary
set(Python_EXECUTABLE ${DCCONF_PYTHON})  # python/CMakeLists.txt's; its find_package results are not in this scope
find_package(Python 3.9 REQUIRED COMPONENTS Interpreter)
math(EXPR dcconf_python_next "${Python_VERSION_MINOR} + 1")
set(dcconf_python_major ${Python_VERSION_MAJOR})
set(dcconf_python_minor ${Python_VERSION_MINOR})
# The extension is built for this Python's ABI (cpython-3XY); numpy is what the package imports.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "python3 (>= ${dcconf_python_major}.${dcconf_python_minor}), python3 (<< ${dcconf_python_major}.${dcconf_python_next}), python3-numpy")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-pytest, python3-jsonschema")
set(CPACK_GENERATOR DEB)
include(CPack)

if(BUILD_TESTING OR NOT DEFINED BUILD_TESTING)
  set(DCCONF_TEST_INSTALL ${PROJECT_SOURCE_DIR}/scripts/test_install.sh)
  # Install into a temporary prefix, then run the installed dcconf (not the build tree's) and import the installed
  # Python package with the build tree out of reach.
  add_test(NAME install.prefix COMMAND bash ${DCCONF_TEST_INSTALL} prefix ${CMAKE_BINARY_DIR} ${DCCONF_PYTHON})
  set_tests_properties(install.prefix PROPERTIES LABELS install TIMEOUT 300)
  # cpack -G DEB into a temporary folder; check the package's files and Depends, unpack it and run its dcconf.
  add_test(NAME install.deb COMMAND bash ${DCCONF_TEST_INSTALL} deb ${CMAKE_BINARY_DIR} ${DCCONF_PYTHON})
  set_tests_properties(install.deb PROPERTIES LABELS install TIMEOUT 600 RUN_SERIAL TRUE)
endif()
