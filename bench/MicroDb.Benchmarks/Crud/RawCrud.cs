using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Crud;

/// <summary>
/// The hand-written SQLitePCLRaw side of study 001: the same SQL text and schema MicroDb uses, statements
/// prepared once and reused, typed binds and reads written out per column. Insert, Update and Delete return the rows
/// changed (sqlite3_changes after each call), the result MicroDb's and sqlite-net's calls return, so every side does
/// the same work per call.
/// </summary>
public sealed class RawCrud : IDisposable
{
    private readonly sqlite3 _db;
    private readonly EntitySql _sql;
    private readonly string _schema;
    private sqlite3_stmt? _insert;
    private sqlite3_stmt? _update;
    private sqlite3_stmt? _select;
    private sqlite3_stmt? _delete;

    /// <summary>Opens the database.</summary>
    /// <param name="path">The file.</param>
    /// <param name="durability">The durability settings.</param>
    /// <param name="map">The map whose SQL text and schema to use.</param>
    public RawCrud(string path, Durability durability, EntityMap<TestRow> map)
    {
        _db = RawSqlite.Open(path, durability);
        _sql = map.Sql;
        _schema = RawSqlite.Schema(map);
    }

    /// <summary>The connection.</summary>
    public sqlite3 Db => _db;

    /// <summary>CREATE TABLE, then prepare the statements.</summary>
    public void CreateTable()
    {
        RawSqlite.Exec(_db, _schema);
        _insert = RawSqlite.Prepare(_db, _sql.Insert);
        _update = RawSqlite.Prepare(_db, _sql.Update!);
        _select = RawSqlite.Prepare(_db, _sql.SelectByKey!);
        _delete = RawSqlite.Prepare(_db, _sql.Delete!);
    }

    /// <summary>Finalize the statements, then DROP TABLE.</summary>
    public void DropTable()
    {
        FinalizeStatements();
        RawSqlite.Exec(_db, "DROP TABLE \"Test\"");
    }

    /// <summary>Inserts each row (autocommit, or one transaction).</summary>
    /// <param name="rows">The rows.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows added.</returns>
    public int Insert(TestRow[] rows, bool batched)
    {
        var stmt = _insert!;
        var changed = 0;
        Begin(batched);
        foreach (var row in rows)
        {
            var text = row.TextData;
            if (text is null)
            {
                raw.sqlite3_bind_null(stmt, 1);
            }
            else
            {
                raw.sqlite3_bind_text16(stmt, 1, text.AsSpan());
            }

            RawSqlite.StepDone(_db, stmt);
            row.Id = raw.sqlite3_last_insert_rowid(_db);
            changed += raw.sqlite3_changes(_db);
        }

        Commit(batched);
        return changed;
    }

    /// <summary>Updates each row by key.</summary>
    /// <param name="rows">The rows.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows changed.</returns>
    public int Update(TestRow[] rows, bool batched)
    {
        var stmt = _update!;
        var changed = 0;
        Begin(batched);
        foreach (var row in rows)
        {
            var text = row.TextData;
            if (text is null)
            {
                raw.sqlite3_bind_null(stmt, 1);
            }
            else
            {
                raw.sqlite3_bind_text16(stmt, 1, text.AsSpan());
            }

            raw.sqlite3_bind_int64(stmt, 2, row.Id);
            RawSqlite.StepDone(_db, stmt);
            changed += raw.sqlite3_changes(_db);
        }

        Commit(batched);
        return changed;
    }

    /// <summary>Reads each key into a new row object.</summary>
    /// <param name="keys">The keys.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>How many rows were found.</returns>
    public int Read(long[] keys, bool batched)
    {
        var stmt = _select!;
        var found = 0;
        Begin(batched);
        foreach (var key in keys)
        {
            raw.sqlite3_bind_int64(stmt, 1, key);
            var rc = raw.sqlite3_step(stmt);
            if (rc == raw.SQLITE_ROW)
            {
                var row = new TestRow
                {
                    Id = raw.sqlite3_column_int64(stmt, 0),
                    TextData = raw.sqlite3_column_text(stmt, 1).utf8_to_string(),
                };
                found += row.Id != 0 ? 1 : 0;
            }
            else
            {
                RawSqlite.Check(_db, rc, "select");
            }

            raw.sqlite3_reset(stmt);
        }

        Commit(batched);
        return found;
    }

    /// <summary>Deletes each key.</summary>
    /// <param name="keys">The keys.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows deleted.</returns>
    public int Delete(long[] keys, bool batched)
    {
        var stmt = _delete!;
        var changed = 0;
        Begin(batched);
        foreach (var key in keys)
        {
            raw.sqlite3_bind_int64(stmt, 1, key);
            RawSqlite.StepDone(_db, stmt);
            changed += raw.sqlite3_changes(_db);
        }

        Commit(batched);
        return changed;
    }

    /// <summary>Finalizes statements and closes.</summary>
    public void Dispose()
    {
        FinalizeStatements();
        _db.Dispose();
    }

    private void Begin(bool batched)
    {
        if (batched)
        {
            RawSqlite.Exec(_db, "BEGIN IMMEDIATE");
        }
    }

    private void Commit(bool batched)
    {
        if (batched)
        {
            RawSqlite.Exec(_db, "COMMIT");
        }
    }

    private void FinalizeStatements()
    {
        _insert?.Dispose();
        _update?.Dispose();
        _select?.Dispose();
        _delete?.Dispose();
        _insert = _update = _select = _delete = null;
    }
}
