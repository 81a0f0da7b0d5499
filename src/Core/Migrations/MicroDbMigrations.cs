using MicroDb.Migrations;

namespace MicroDb;

/// <summary>
/// An ordered list of named migration steps, run by <see cref="MicroDbConnection.Migrate(MicroDbMigrations)"/>
/// (also on <c>MicroDbPool</c> and <c>MicroDbAsyncConnection</c>). Each step runs once per database, in its own
/// transaction, in the order added; the database records the names of the steps it has applied in the table
/// <see cref="HistoryTable"/>. Never rename, remove or reorder a step once it has shipped: add a new one.
/// </summary>
/// <example>
/// <code>
/// var migrations = new MicroDbMigrations()
///     .Add("001_create_people", m => m.CreateTable&lt;Person&gt;())
///     .Add("002_rename_name", m => m.RenameColumn("people", "Name", "FullName"));
/// db.Migrate(migrations);
/// </code>
/// </example>
public sealed class MicroDbMigrations
{
    /// <summary>The table that records applied steps: <c>__microdb_migrations(id, name, applied_at)</c>.</summary>
    public const string HistoryTable = "__microdb_migrations";

    private readonly List<Step> _steps = [];
    private readonly HashSet<string> _names = new(StringComparer.Ordinal);

    /// <summary>The step names, in order.</summary>
    public IReadOnlyList<string> StepNames => _steps.Select(s => s.Name).ToArray();

    /// <summary>
    /// False (default): opening a database that records steps this list does not have (a newer app migrated it)
    /// throws <see cref="MicroDbMigrationError.UnknownAppliedSteps"/>. True: such a database is accepted as it is and
    /// no step runs (the recorded history must still start with this list).
    /// </summary>
    public bool AllowUnknownAppliedSteps { get; set; }

    /// <summary>
    /// How long a run waits for another connection or process that is migrating the same database (its write lock)
    /// before failing with SQLITE_BUSY. Default 60 seconds.
    /// </summary>
    public TimeSpan LockTimeout { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>Appends a step.</summary>
    /// <param name="name">The step's unique, permanent name (for example <c>"003_add_email_index"</c>).</param>
    /// <param name="step">The work: schema helpers, raw SQL and data changes through the <see cref="MigrationContext"/>.</param>
    /// <param name="enforceForeignKeys">
    /// False (default): the step runs with foreign keys off, as SQLite's table rebuild requires, so foreign key actions
    /// (<c>ON DELETE CASCADE</c>, <c>SET NULL</c>) do not fire; <c>PRAGMA foreign_key_check</c> before commit refuses any
    /// orphan the step leaves. True: the step runs with foreign keys enforced (when the connection enforces them),
    /// so the actions fire; the helpers that rebuild a table are then refused.
    /// </param>
    /// <returns>This list, to chain calls.</returns>
    /// <exception cref="ArgumentException">The name is empty or already in the list.</exception>
    public MicroDbMigrations Add(string name, Action<MigrationContext> step, bool enforceForeignKeys = false)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentNullException.ThrowIfNull(step);
        MigrationHistory.AddName(_names, name);

        _steps.Add(new Step(name, step, enforceForeignKeys));
        return this;
    }

    /// <summary>The steps, as the runner reads them.</summary>
    internal IReadOnlyList<Step> Steps => _steps;

    /// <summary>One step as added.</summary>
    internal sealed record Step(string Name, Action<MigrationContext> Run, bool EnforceForeignKeys);
}
