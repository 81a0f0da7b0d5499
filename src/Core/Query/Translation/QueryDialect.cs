using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// What one database's SQL needs that another's does not, asked by the one LINQ translator (<see cref="SqlTranslator"/>)
/// and its cache (<see cref="TranslationCache"/>): how values are stored (SQLite's encodings, decided by the connection's
/// <see cref="StorageFormat"/>, or each kind in a native type), the boolean literals, which constructs have no faithful
/// translation, ordinal text order, numeric casts, the UTF-16 length of a string, function names, and the writer.
/// A dialect travels inside the <see cref="StorageFormat"/> (<see cref="StorageFormat.Dialect"/>), so the cache keys on
/// it and a replayed value is encoded by it. SQLite's is <see cref="Sqlite"/>; MicroDb.Npgsql supplies PostgreSQL's.
/// </summary>
internal abstract class QueryDialect
{
    /// <summary>SQLite: the encodings of <see cref="StorageFormat"/>, <c>1</c>/<c>0</c> for true/false, every construct translated.</summary>
    public static QueryDialect Sqlite => SqliteQueryDialect.Instance;

    /// <summary>The dialect's name, in error messages.</summary>
    public abstract string Name { get; }

    /// <summary>The writer that prints this dialect's query models.</summary>
    public abstract SqliteSqlWriter Writer { get; }

    /// <summary>
    /// True when every kind is stored in a native type whose equality and order are .NET's (PostgreSQL), so values are
    /// bound as they are and compared directly, except floats (NaN is stored, and equals itself) and text (collation);
    /// false when the <see cref="StorageFormat"/>'s SQLite encodings decide (ticks with the kind, decimal text ...).
    /// </summary>
    public abstract bool NativeStorage { get; }

    /// <summary>A condition that always holds.</summary>
    public abstract SqlExpression True { get; }

    /// <summary>A condition that never holds.</summary>
    public abstract SqlExpression False { get; }

    /// <summary>Null when the dialect translates <paramref name="feature"/>; otherwise why it does not.</summary>
    public abstract string? Refuses(QueryFeature feature);

    /// <summary>Null when arithmetic <paramref name="op"/> on <paramref name="type"/> computes as C# does; otherwise why not.</summary>
    public abstract string? RefusesArithmetic(Type type, SqlOperator op);

    /// <summary><paramref name="text"/> compared or sorted in ordinal (code point) order.</summary>
    public abstract SqlExpression Ordinal(SqlExpression text);

    /// <summary>
    /// The SQL type a numeric conversion from <paramref name="from"/> to <paramref name="to"/> casts to under
    /// <see cref="NativeStorage"/>; "" when the value passes unchanged; null when the conversion may change the value.
    /// </summary>
    public abstract string? NumericCast(Type from, Type to);

    /// <summary>The length of <paramref name="text"/> in UTF-16 code units, as <see cref="string.Length"/> counts.</summary>
    public abstract SqlExpression Utf16Length(SqlExpression text);

    /// <summary>The dialect's name of SQLite's scalar function <paramref name="sqliteName"/> (<c>instr</c>, <c>ifnull</c> ...).</summary>
    public abstract string Function(string sqliteName);

    /// <summary>
    /// <paramref name="text"/> case-mapped by <paramref name="function"/> (<c>lower</c> or <c>upper</c>): SQLite's functions
    /// as they are (they map ASCII letters only).
    /// </summary>
    public virtual SqlExpression CaseMapped(string function, SqlExpression text) => SqlStrings.CaseMapped(function, text);

    /// <summary>
    /// Under <see cref="NativeStorage"/>: the date or time part <paramref name="part"/> (<c>Year</c>, <c>Date</c> ...) of
    /// <paramref name="value"/>, a value of type <paramref name="owner"/> (<see cref="DateTime"/>, <c>DateOnly</c>,
    /// <c>TimeOnly</c> ...); null when the dialect has no translation of it. SQLite's parts are the translator's own.
    /// </summary>
    public virtual SqlExpression? DatePart(Type owner, string part, SqlExpression value) => null;

    /// <summary>
    /// True when a table has a rowid (SQLite, but for WITHOUT ROWID tables), which tells a missing left-joined row; false
    /// when a table that may be missing in a join is told by its first primary-key column (<see cref="JoinedTables.PresenceColumn"/>).
    /// </summary>
    public virtual bool HasRowId => true;
}
