using MicroDb.Migrations;

namespace MicroDb.Npgsql;

/// <summary>
/// An ordered list of named migration steps for PostgreSQL, run by
/// <see cref="MicroDbNpgsqlConnection.Migrate(NpgsqlMigrations)"/>: the same rules as SQLite's
/// <see cref="MicroDbMigrations"/> (each step runs once per database, in its own transaction, in the order added; the
/// database records the names of the applied steps in <see cref="MicroDbMigrations.HistoryTable"/>; a recorded history
/// that differs from the start of the list, or has steps the list does not know, stops the run with
/// <see cref="MicroDbMigrationException"/>). Never rename, remove or reorder a step once it has shipped: add a new one.
/// See docs/postgresql.md ("Migrations").
/// </summary>
/// <example>
/// <code>
/// var migrations = new NpgsqlMigrations()
///     .Add("001_create_people", m => m.CreateTable&lt;Person&gt;())
///     .Add("002_rename_name", m => m.RenameColumn("people", "Name", "FullName"));
/// db.Migrate(migrations);
/// </code>
/// </example>
public sealed class NpgsqlMigrations
{
    private readonly List<(string Name, Action<NpgsqlMigrationContext> Run)> _steps = [];
    private readonly HashSet<string> _names = new(StringComparer.Ordinal);

    /// <summary>The step names, in order.</summary>
    public IReadOnlyList<string> StepNames => _steps.ConvertAll(s => s.Name);

    /// <summary>
    /// False (default): a database that records steps this list does not have (a newer app migrated it) stops the run
    /// with <see cref="MicroDbMigrationError.UnknownAppliedSteps"/>. True: such a database is accepted as it is and no
    /// step runs (the recorded history must still start with this list).
    /// </summary>
    public bool AllowUnknownAppliedSteps { get; set; }

    /// <summary>
    /// How long a run waits for another connection or process that is migrating the same database (a transaction-level
    /// advisory lock) before the step fails with SQLSTATE 55P03. Default 60 seconds.
    /// </summary>
    public TimeSpan LockTimeout { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>Appends a step.</summary>
    /// <param name="name">The step's unique, permanent name (for example <c>"003_add_email_index"</c>).</param>
    /// <param name="step">The work: schema helpers, raw SQL and data changes through the <see cref="NpgsqlMigrationContext"/>.</param>
    /// <returns>This list, to chain calls.</returns>
    /// <exception cref="ArgumentException">The name is empty or already in the list.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="step"/> is null.</exception>
    public NpgsqlMigrations Add(string name, Action<NpgsqlMigrationContext> step)
    {
        ArgumentNullException.ThrowIfNull(step);
        MigrationHistory.AddName(_names, name);
        _steps.Add((name, step));
        return this;
    }

    /// <summary>The steps, as the runner reads them.</summary>
    internal IReadOnlyList<(string Name, Action<NpgsqlMigrationContext> Run)> Steps => _steps;
}
