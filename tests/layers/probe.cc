// The layer check (CMakeLists.txt, ctest -R layers): compiled, never linked, as a file of one
// layer's library with PROBE_HEADER set to a header of a layer below it (must compile) or above
// it (must fail with "No such file"): a layer can include only its own headers and those of the
// layers it is built on.
#include PROBE_HEADER
