using MicroDb.Benchmarks.Models;
using Microsoft.EntityFrameworkCore;

namespace MicroDb.Benchmarks.Relational;

/// <summary>EF Core's model of the relational cases' two tables, mapped onto the schema MicroDb created.</summary>
public sealed class RelationalContext : DbContext
{
    private readonly Microsoft.Data.Sqlite.SqliteConnection _connection;

    /// <summary>Creates a context over an open connection (the connection stays open and owned by the caller).</summary>
    /// <param name="connection">The connection.</param>
    public RelationalContext(Microsoft.Data.Sqlite.SqliteConnection connection) => _connection = connection;

    /// <summary>The orders.</summary>
    public DbSet<RelOrder> Orders => Set<RelOrder>();

    /// <summary>The customers.</summary>
    public DbSet<RelCustomer> Customers => Set<RelCustomer>();

    /// <inheritdoc />
    protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder) => optionsBuilder.UseSqlite(_connection);

    /// <inheritdoc />
    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<RelOrder>().ToTable("RelOrder").HasKey(o => o.Id);
        modelBuilder.Entity<RelOrder>().Property(o => o.Id).ValueGeneratedNever();
        modelBuilder.Entity<RelCustomer>().ToTable("RelCustomer").HasKey(c => c.Id);
        modelBuilder.Entity<RelCustomer>().Property(c => c.Id).ValueGeneratedNever();
    }
}
