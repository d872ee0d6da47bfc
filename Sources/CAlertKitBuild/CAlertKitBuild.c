#include "CAlertKitBuild.h"

const char *alertkit_build_commit(void) { return ALERTKIT_COMMIT; }
