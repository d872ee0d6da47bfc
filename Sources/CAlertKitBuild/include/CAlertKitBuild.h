#ifndef ALERTKIT_BUILD_H
#define ALERTKIT_BUILD_H

/// The commit the binary was built from: `scripts/dist.sh` defines ALERTKIT_COMMIT (`-Xcc -DALERTKIT_COMMIT=...`);
/// other builds leave it empty.
#ifndef ALERTKIT_COMMIT
#define ALERTKIT_COMMIT ""
#endif

const char *alertkit_build_commit(void);

#endif
