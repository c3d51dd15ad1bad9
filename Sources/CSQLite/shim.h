#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot
/// import: binding with it makes SQLite copy the bytes before the call returns.
static inline sqlite3_destructor_type parley_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
