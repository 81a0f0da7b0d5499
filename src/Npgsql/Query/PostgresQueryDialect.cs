using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql.Query;

/// <summary>
/// PostgreSQL's answers to Core's <see cref="QueryDialect"/>, so PostgreSQL LINQ goes through Core's one translator
/// (<c>SqlTranslator</c>) and its cache: every kind is stored in its own type (docs/postgresql.md, "Column types"),
/// so values are bound as they are (<see cref="Parameters"/> converts them at the package's edge) and compared directly;
/// text is compared and sorted under <c>COLLATE "C"</c> (ordinal); <c>TRUE</c>/<c>FALSE</c>; the writer is
/// <see cref="PostgresSqlWriter"/>. What PostgreSQL does not compute as .NET does is refused.
/// </summary>
internal sealed class PostgresQueryDialect : QueryDialect
{
    private static readonly SqlLiteral TrueLiteral = new("TRUE");
    private static readonly SqlLiteral FalseLiteral = new("FALSE");

    // ICU's root locale: Unicode case mapping whatever the database's LC_CTYPE is.
    private const string CaseCollation = "und-x-icu";

    private PostgresQueryDialect()
    {
    }

    /// <summary>The one instance.</summary>
    public static PostgresQueryDialect Instance { get; } = new();

    /// <summary>The storage format that carries this dialect through Core's translator, translation cache and query text cache.</summary>
    public static StorageFormat Format { get; } = StorageFormat.ForDialect(Instance);

    /// <inheritdoc/>
    public override string Name => "PostgreSQL";

    /// <inheritdoc/>
    public override SqliteSqlWriter Writer => PostgresSqlWriter.Instance;

    /// <inheritdoc/>
    public override bool NativeStorage => true;

    /// <inheritdoc/>
    public override bool HasRowId => false;

    /// <inheritdoc/>
    public override SqlExpression True => TrueLiteral;

    /// <inheritdoc/>
    public override SqlExpression False => FalseLiteral;

    /// <inheritdoc/>
    public override string? Refuses(QueryFeature feature) => feature switch
    {
        QueryFeature.CultureMatch => "only ordinal matching is translated on PostgreSQL (no argument, StringComparison.Ordinal or StringComparison.OrdinalIgnoreCase): culture-aware comparisons follow .NET's culture data",
        QueryFeature.MathFunctions => "Math.Round, Math.Max and Math.Min are not translated on PostgreSQL (its rounding and NaN/null rules differ)",
        QueryFeature.NonStringConcat => "only string + string is translated on PostgreSQL (C# formats other values with their ToString)",
        _ => null,
    };

    /// <inheritdoc/>
    public override string? RefusesArithmetic(Type type, SqlOperator op)
    {
        var signedInteger = type == typeof(int) || type == typeof(long);
        var floating = type == typeof(double) || type == typeof(float);
        if (op is SqlOperator.LeftShift or SqlOperator.RightShift)
        {
            return "shifts are not translated on PostgreSQL (C# masks the shift count, PostgreSQL does not)";
        }

        if (op is SqlOperator.BitwiseAnd or SqlOperator.BitwiseOr)
        {
            return signedInteger ? null : $"bitwise operators on {type.Name} are not translated on PostgreSQL";
        }

        if (type == typeof(decimal) && op is SqlOperator.Divide or SqlOperator.Modulo)
        {
            return "decimal division rounds to another scale in PostgreSQL than in .NET";
        }

        if (floating && op == SqlOperator.Modulo)
        {
            return "PostgreSQL has no % on floating-point numbers";
        }

        return signedInteger || floating || type == typeof(decimal)
            ? null
            : $"arithmetic on {type.Name} is not translated on PostgreSQL (unsigned and narrow integers wrap in C#)";
    }

    /// <inheritdoc/>
    public override SqlExpression Ordinal(SqlExpression text) => new SqlCollate(text, "C");

    /// <inheritdoc/>
    public override string? NumericCast(Type from, Type to) => KeepsValue(from, to) ? SqlType(to) : null;

    /// <inheritdoc/>
    public override SqlExpression Utf16Length(SqlExpression text)
    {
        // .NET counts UTF-16 code units: the code points, plus one for each above U+FFFF (a surrogate pair), so each of
        // those is doubled before counting. The text is written once, so a parameter inside it (Trim's) is bound once.
        var doubled = new SqlFunction("regexp_replace", text, new SqlLiteral(@"'([\U00010000-\U0010FFFF])'"), SqlLiteral.Quoted(@"\1\1"), SqlLiteral.Quoted("g"));
        return new SqlFunction("char_length", doubled);
    }

    /// <inheritdoc/>
    public override string Function(string sqliteName) => sqliteName switch
    {
        "instr" => "strpos",
        "ifnull" => "coalesce",
        "trim" => "btrim",
        _ => sqliteName,
    };

    /// <summary>
    /// <c>lower</c>/<c>upper</c> under the ICU root collation <c>"und-x-icu"</c>, so non-ASCII letters map as .NET's
    /// invariant mapping does (the database's own ctype may be C, which maps ASCII only); see docs/postgresql.md,
    /// "String and date functions", for where ICU's full mapping differs.
    /// </summary>
    public override SqlExpression CaseMapped(string function, SqlExpression text) => new SqlFunction(function, new SqlCollate(text, CaseCollation));

    /// <summary>
    /// <c>Year</c> ... <c>Second</c>, <c>DayOfWeek</c> and <c>DayOfYear</c> as <c>CAST(date_part(...) AS integer)</c>
    /// (seconds floored first), <c>Millisecond</c> from the seconds field in milliseconds, <c>Date</c> as
    /// <c>date_trunc('day', ...)</c>; of <see cref="DateTime"/> (timestamp), <see cref="DateTimeOffset"/> (timestamptz, its
    /// UTC clock: no <c>Date</c>), <see cref="DateOnly"/> (date) and <see cref="TimeOnly"/> (time). Null for any other.
    /// </summary>
    public override SqlExpression? DatePart(Type owner, string part, SqlExpression value)
    {
        // A DateTimeOffset is a timestamptz, stored in UTC and read back at offset 0: its parts are the UTC clock's, the
        // parts of the value as it reads back (the offset it was written with is not stored). timezone('UTC', x) is that
        // clock as a timestamp, whatever the session's TimeZone; -infinity and infinity stay as they are.
        var offset = owner == typeof(DateTimeOffset);
        if (offset)
        {
            if (part == "Date")
            {
                return null;
            }

            value = new SqlFunction("timezone", SqlLiteral.Quoted("UTC"), value);
        }

        var dateTime = offset || owner == typeof(DateTime);
        var date = dateTime || owner == typeof(DateOnly);
        var time = dateTime || owner == typeof(TimeOnly);
        var whole = value;
        if (date)
        {
            value = Finite(value, dateTime);
        }

        return part switch
        {
            "Year" when date => Integer("year", value),
            "Month" when date => Integer("month", value),
            "Day" when date => Integer("day", value),
            "DayOfWeek" when date => Integer("dow", value),
            "DayOfYear" when date => Integer("doy", value),
            "Hour" when time => Integer("hour", value),
            "Minute" when time => Integer("minute", value),
            "Second" when time => new SqlCast(new SqlFunction("floor", new SqlFunction("date_part", SqlLiteral.Quoted("second"), value)), "integer"),
            "Millisecond" when time => Millisecond(value),
            "Date" when dateTime => DateOf(),
            _ => null,
        };

        // -infinity (MinValue) is its own Date; infinity (MaxValue) is 9999-12-31 at midnight.
        SqlExpression DateOf() => new SqlCase(
            new SqlBinary(whole, SqlOperator.Equal, new SqlLiteral("'infinity'")),
            new SqlLiteral("TIMESTAMP '9999-12-31 00:00:00'"),
            new SqlFunction("date_trunc", SqlLiteral.Quoted("day"), whole));

        // Npgsql stores MinValue and MaxValue as -infinity and infinity, whose parts PostgreSQL reports as NULL or
        // infinite: the parts are taken of the first and last values .NET has instead (microseconds, as stored).
        static SqlCase Finite(SqlExpression value, bool timestamp)
        {
            var (first, last) = timestamp
                ? ("TIMESTAMP '0001-01-01 00:00:00'", "TIMESTAMP '9999-12-31 23:59:59.999999'")
                : ("DATE '0001-01-01'", "DATE '9999-12-31'");
            return new SqlCase(
                new ValueList<SqlWhen>([
                    new SqlWhen(new SqlBinary(value, SqlOperator.Equal, new SqlLiteral("'-infinity'")), new SqlLiteral(first)),
                    new SqlWhen(new SqlBinary(value, SqlOperator.Equal, new SqlLiteral("'infinity'")), new SqlLiteral(last)),
                ]),
                value);
        }

        // date_part('milliseconds') is the seconds field in milliseconds with its fraction (45.5 s is 45500): the
        // whole milliseconds of the second, as .NET's Millisecond (microseconds are dropped, not rounded).
        static SqlGroup Millisecond(SqlExpression value) => new(new SqlBinary(
            new SqlCast(new SqlFunction("floor", new SqlFunction("date_part", SqlLiteral.Quoted("milliseconds"), value)), "integer"),
            SqlOperator.Modulo,
            SqlLiteral.Integer(1000)));

        static SqlCast Integer(string field, SqlExpression value) => new(new SqlFunction("date_part", SqlLiteral.Quoted(field), value), "integer");
    }

    /// <summary>
    /// The Npgsql parameters of a translation's arguments (slot k is <c>$k+1</c>), in the encodings of
    /// docs/postgresql.md: text as <c>text</c> (so <c>strpos</c>/<c>length</c> resolve), everything else as
    /// <see cref="PostgresValues.Argument"/> converts it.
    /// </summary>
    public static List<NpgsqlParameter> Parameters(List<object?> arguments)
    {
        var parameters = new List<NpgsqlParameter>(arguments.Count);
        foreach (var value in arguments)
        {
            parameters.Add(value is string text
                ? new NpgsqlParameter<string> { TypedValue = text, NpgsqlDbType = NpgsqlTypes.NpgsqlDbType.Text }
                : PostgresValues.Argument(value));
        }

        return parameters;
    }

    private static string? SqlType(Type to) => Type.GetTypeCode(to) switch
    {
        TypeCode.Int16 => "smallint",
        TypeCode.Int32 or TypeCode.UInt16 => "integer",
        TypeCode.Int64 or TypeCode.UInt32 => "bigint",
        TypeCode.UInt64 or TypeCode.Decimal => "numeric",
        TypeCode.Single => "real",
        TypeCode.Double => "double precision",
        _ => null,
    };

    // Conversions that keep the value: widening integer conversions, chars and integers to wider types, float to double,
    // and integers to a floating type (rounded to nearest, as PostgreSQL's cast rounds; exact below 2^24 or 2^53).
    private static bool KeepsValue(Type from, Type to)
    {
        var f = Type.GetTypeCode(from);
        var t = Type.GetTypeCode(to);
        return (f, t) switch
        {
            (TypeCode.Char, TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Double or TypeCode.Single or TypeCode.Decimal) => true,
            (TypeCode.Byte or TypeCode.SByte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64,
             TypeCode.Int16 or TypeCode.Int32 or TypeCode.Int64 or TypeCode.UInt16 or TypeCode.UInt32 or TypeCode.UInt64 or TypeCode.Decimal) => Widens(f, t),
            (TypeCode.Single, TypeCode.Double) => true,
            (TypeCode.Byte or TypeCode.SByte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64,
             TypeCode.Single or TypeCode.Double) => true,
            _ => false,
        };
    }

    private static bool Widens(TypeCode from, TypeCode to)
    {
        static (int Bits, bool Signed) Of(TypeCode c) => c switch
        {
            TypeCode.Byte => (8, false),
            TypeCode.SByte => (8, true),
            TypeCode.Int16 => (16, true),
            TypeCode.UInt16 => (16, false),
            TypeCode.Int32 => (32, true),
            TypeCode.UInt32 => (32, false),
            TypeCode.Int64 => (64, true),
            TypeCode.UInt64 => (64, false),
            _ => (128, true),
        };

        var (fb, fs) = Of(from);
        var (tb, ts) = Of(to);
        return tb == 128 || (fs == ts ? tb >= fb : !fs && ts && tb > fb);
    }
}
