# The layer check's second half (CMakeLists.txt, ctest -R layers): an include written with "../"
# is found next to the including file, not through the layer's include root, so it would let a
# layer reach a header of a layer above it (`#include "../games/registry.h"` in src/engine).
# This script lists every such include under ROOT and fails when there is one.
# Usage: cmake -DROOT=<directory> -P relative_includes.cmake
if(NOT ROOT)
  message(FATAL_ERROR "relative_includes.cmake: give -DROOT=<directory>")
endif()
file(GLOB_RECURSE sources "${ROOT}/*.h" "${ROOT}/*.cc")
set(found "")
foreach(source IN LISTS sources)
  file(STRINGS "${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][^\">]*\\.\\.[/\\\\]")
  foreach(line IN LISTS lines)
    file(RELATIVE_PATH name "${ROOT}" "${source}")
    string(STRIP "${line}" line)
    list(APPEND found "${name}: ${line}")
  endforeach()
endforeach()
if(found)
  list(JOIN found "\n  " text)
  message(FATAL_ERROR "an include that climbs out of its folder (\"../\") bypasses the layers:\n  ${text}")
endif()
list(LENGTH sources count)
message(STATUS "no \"../\" include in ${count} files under ${ROOT}")
