// A probe for tests/layers/relative_includes.cmake (never compiled): the include below climbs
// out of its folder, which the check must report.
#include "../games/registry.h"
