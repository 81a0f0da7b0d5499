using MicroDb.Benchmarks.Models;
using Microsoft.EntityFrameworkCore;

namespace MicroDb.Benchmarks.Workloads;

/// <summary>EF Core's model of study 003's tables, mapped onto the schema MicroDb created.</summary>
public sealed class BlockContext : DbContext
{
    private readonly Microsoft.Data.Sqlite.SqliteConnection _connection;

    /// <summary>Creates a context over an open connection (the connection stays open and owned by the caller).</summary>
    /// <param name="connection">The connection.</param>
    public BlockContext(Microsoft.Data.Sqlite.SqliteConnection connection) => _connection = connection;

    /// <summary>The blocks.</summary>
    public DbSet<Block> Blocks => Set<Block>();

    /// <summary>The blockset entries (no key).</summary>
    public DbSet<BlocksetEntry> Entries => Set<BlocksetEntry>();

    /// <inheritdoc />
    protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder) => optionsBuilder.UseSqlite(_connection);

    /// <inheritdoc />
    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Block>().ToTable("Block").HasKey(b => b.Id);
        modelBuilder.Entity<BlocksetEntry>().ToTable("BlocksetEntry").HasNoKey();
    }
}
