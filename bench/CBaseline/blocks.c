/*
 * Study 003's Select and Insert workloads in C: the floor no managed side can beat.
 * Built by run.sh with gcc against the same libe_sqlite3.so every .NET side of the bench loads
 * (SourceGear.sqlite3, copied to the bench's output), with the system's sqlite3.h.
 * Same schema as MicroDb's Block table, WAL + synchronous=NORMAL + foreign_keys=ON, 10,000 rows, 1,000 operations
 * per timed batch in one transaction (BEGIN/COMMIT untimed; before each insert batch a checkpoint and one untimed
 * write), statements prepared once; the median and the minimum over rounds.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 10000
#define OPS 1000
#define ROUNDS 200

static sqlite3 *db;

static void check(int rc, const char *what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

static void exec(const char *sql) { check(sqlite3_exec(db, sql, 0, 0, 0), sql); }

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void hash(char *out, unsigned seed)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned x = seed * 2654435761u + 12345u;
    for (int i = 0; i < 43; i++) {
        x ^= x << 13; x ^= x >> 17; x ^= x << 5;
        out[i] = b64[x & 63];
    }
    out[43] = '=';
    out[44] = 0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "blocks-c.db";
    remove(path);
    check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0), "open");
    exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=1; PRAGMA foreign_keys=ON;");
    exec("CREATE TABLE \"Block\" (\"Id\" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, \"Hash\" TEXT NOT NULL, \"Size\" INTEGER NOT NULL);"
         "CREATE UNIQUE INDEX \"Block_HashSize\" ON \"Block\" (\"Hash\", \"Size\");");
    sqlite3_stmt *ins, *sel;
    check(sqlite3_prepare_v2(db, "INSERT INTO \"Block\" (\"Hash\", \"Size\") VALUES (?, ?)", -1, &ins, 0), "prepare insert");
    check(sqlite3_prepare_v2(db, "SELECT \"Id\" FROM \"Block\" WHERE \"Hash\" = ? AND \"Size\" = ?", -1, &sel, 0), "prepare select");
    char h[45];
    exec("BEGIN");
    for (int i = 0; i < ROWS; i++) {
        hash(h, (unsigned)i);
        sqlite3_bind_text(ins, 1, h, 44, SQLITE_TRANSIENT);
        sqlite3_bind_int64(ins, 2, 1024 + i);
        check(sqlite3_step(ins), "fill");
        sqlite3_reset(ins);
    }
    exec("COMMIT");

    /* Hashes computed before timing, as the .NET sides' data is. */
    static char existing[ROWS][45];
    static char fresh[ROUNDS * OPS][45];
    for (int i = 0; i < ROWS; i++) hash(existing[i], (unsigned)i);
    for (int i = 0; i < ROUNDS * OPS; i++) hash(fresh[i], (unsigned)(ROWS + i));
    double select[ROUNDS], insert[ROUNDS];
    long found = 0;
    unsigned next = ROWS;
    for (int r = 0; r < ROUNDS; r++) {
        exec("BEGIN");
        double t0 = now_ns();
        for (int i = 0; i < OPS; i++) {
            int k = (int)(((unsigned)(r * OPS + i) * 7919u) % ROWS);
            sqlite3_bind_text(sel, 1, existing[k], 44, SQLITE_STATIC);
            sqlite3_bind_int64(sel, 2, 1024 + k);
            if (sqlite3_step(sel) == SQLITE_ROW) found += sqlite3_column_int64(sel, 0) > 0;
            sqlite3_reset(sel);
        }
        select[r] = (now_ns() - t0) / OPS;
        exec("COMMIT");

        /* fsync out of the timed writes, as in the headline: checkpoint, one untimed write, then BEGIN. */
        exec("PRAGMA wal_checkpoint(TRUNCATE)");
        exec("UPDATE \"Block\" SET \"Size\" = \"Size\" WHERE \"Id\" = 1");
        exec("BEGIN IMMEDIATE");
        t0 = now_ns();
        for (int i = 0; i < OPS; i++) {
            sqlite3_bind_text(ins, 1, fresh[next - ROWS], 44, SQLITE_STATIC);
            sqlite3_bind_int64(ins, 2, 1024 + (long)next++);
            check(sqlite3_step(ins), "insert");
            sqlite3_reset(ins);
        }
        insert[r] = (now_ns() - t0) / OPS;
        exec("COMMIT");
        /* Back to 10,000 rows (untimed), as the .NET workloads do between iterations. */
        exec("DELETE FROM \"Block\" WHERE \"Id\" > 10000");
    }

    qsort(select, ROUNDS, sizeof(double), cmp);
    qsort(insert, ROUNDS, sizeof(double), cmp);
    printf("C baseline (gcc, SQLite %s, %d rows, %d ops per batch, %d rounds; hashes computed before timing)\n", sqlite3_libversion(), ROWS, OPS, ROUNDS);
    printf("| Select (per operation) | median %.1f ns | min %.1f ns | found %ld of %d |\n", select[ROUNDS / 2], select[0], found, ROUNDS * OPS);
    printf("| Insert (per operation) | median %.1f ns | min %.1f ns | |\n", insert[ROUNDS / 2], insert[0]);
    sqlite3_finalize(ins);
    sqlite3_finalize(sel);
    sqlite3_close(db);
    remove(path);
    return found == (long)ROUNDS * OPS ? 0 : 1;
}
