#ifndef WARDROBE_CSQLITE_SHIM_H
#define WARDROBE_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
   cannot import; expose it as a function. */
static inline sqlite3_destructor_type wd_sqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline int wd_sqlite_bind_text(sqlite3_stmt *s, int i, const char *v, int n) { return sqlite3_bind_text(s, i, v, n, SQLITE_TRANSIENT); }
static inline int wd_sqlite_bind_blob(sqlite3_stmt *s, int i, const void *v, int n) { return sqlite3_bind_blob(s, i, v, n, SQLITE_TRANSIENT); }
#endif
