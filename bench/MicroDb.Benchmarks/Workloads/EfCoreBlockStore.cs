using MicroDb.Benchmarks.Models;
using Microsoft.Data.Sqlite;
using Microsoft.EntityFrameworkCore;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// EF Core 10 (Sqlite provider over Microsoft.Data.Sqlite) used the fast way: compiled queries, no tracking for
/// reads, SaveChanges per insert with the change tracker cleared, raw SQL for the statements EF has no API for.
/// The outer transaction is the benchmark's, so EF's own is switched off.
/// </summary>
public sealed class EfCoreBlockStore : IBlockStore
{
    private static readonly Func<BlockContext, string, long, long> SelectId =
        EF.CompileQuery((BlockContext c, string hash, long size) => c.Blocks.Where(b => b.Hash == hash && b.Size == size).Select(b => b.Id).FirstOrDefault());

    private static readonly Func<BlockContext, long, IEnumerable<Block>> BlocksOf =
        EF.CompileQuery((BlockContext c, long id) =>
            from e in c.Entries
            where e.BlocksetId == id
            join b in c.Blocks.AsNoTracking() on e.BlockId equals b.Id
            select b);

    private readonly SqliteConnection _connection;
    private readonly BlockContext _context;

    /// <summary>Opens the file with the same pragmas as the other providers.</summary>
    /// <param name="path">The database file.</param>
    public EfCoreBlockStore(string path)
    {
        _connection = MdsConnections.Open(path);
        _context = new BlockContext(_connection);
        _context.Database.AutoTransactionBehavior = AutoTransactionBehavior.Never;
        _context.ChangeTracker.AutoDetectChangesEnabled = false;
    }

    /// <inheritdoc />
    public long Select(string hash, long size)
    {
        var id = SelectId(_context, hash, size);
        return id == 0 ? -1 : id;
    }

    /// <inheritdoc />
    public long Insert(string hash, long size)
    {
        var block = new Block { Hash = hash, Size = size };
        _context.Blocks.Add(block);
        _context.SaveChanges();
        _context.ChangeTracker.Clear();
        return block.Id;
    }

    /// <inheritdoc />
    public long InsertOrIgnoreThenSelect(string hash, long size)
    {
        _context.Database.ExecuteSqlRaw("INSERT OR IGNORE INTO \"Block\" (\"Hash\", \"Size\") VALUES ({0}, {1})", hash, size);
        return Select(hash, size);
    }

    /// <inheritdoc />
    public int Join(long blocksetId)
    {
        var count = 0;
        foreach (var block in BlocksOf(_context, blocksetId))
        {
            count += block.Id != 0 ? 1 : 0;
        }

        return count;
    }

    /// <inheritdoc />
    public long NewBlockset()
    {
        _context.Database.ExecuteSqlRaw(BlockSql.NewBlockset);
        return _context.Database.SqlQueryRaw<long>("SELECT last_insert_rowid() AS \"Value\"").AsEnumerable().First();
    }

    /// <inheritdoc />
    public void AddEntry(long blocksetId, long blockId)
    {
        _context.Database.ExecuteSqlRaw("INSERT INTO \"BlocksetEntry\" (\"BlocksetId\", \"BlockId\") VALUES ({0}, {1})", blocksetId, blockId);
        _context.Database.ExecuteSqlRaw("UPDATE \"Blockset\" SET \"Length\" = \"Length\" + 1 WHERE \"Id\" = {0}", blocksetId);
    }

    /// <inheritdoc />
    public void Exec(string sql)
    {
        using var command = _connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <inheritdoc />
    public void Dispose()
    {
        _context.Dispose();
        _connection.Dispose();
    }
}
