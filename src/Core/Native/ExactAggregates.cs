using System.Globalization;
using MicroDb.Query.Model;
using SQLitePCL;

namespace MicroDb.Native;

/// <summary>
/// SQLite aggregate functions that give a group aggregate LINQ-to-Objects' exact answer where SQL's own would not
/// (issue 22): decimal <c>Sum</c>/<c>Average</c> added as <see cref="decimal"/> (SQLite would add the stored text as REAL),
/// <c>Min</c>/<c>Max</c> of a value whose stored form does not order like the .NET value (ulong, DateTime with its kind,
/// decimal text) chosen by the translator's order key and returned as stored, and <c>Min</c>/<c>Max</c> of strings with the
/// current culture's comparer (LINQ's <c>Comparer&lt;string&gt;.Default</c>); the decimal sums' order keys and a
/// DateTimeOffset's instant, for HAVING and ORDER BY over groups. Registered on every connection at open
/// through <c>sqlite3_create_function</c>: plain static callbacks over SQLite values, no reflection (NativeAOT-safe).
/// Their names, and the SQL that calls them, are <see cref="SqlAggregates"/>'s (shared with the build-time front end).
/// </summary>
internal static class ExactAggregates
{
    /// <summary>The error text of a decimal sum that does not fit (mapped to <see cref="OverflowException"/> by the grouped query).</summary>
    public const string OverflowMessage = "MicroDb: decimal overflow in an exact aggregate";

    private const int Flags = raw.SQLITE_UTF8 | raw.SQLITE_DETERMINISTIC;

    /// <summary>Registers the functions on <paramref name="db"/>.</summary>
    public static void Register(sqlite3 db)
    {
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.ExactMin, 2, Flags, null, static (ctx, _, args) => StepBest(ctx, args, greater: false), FinalBest));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.ExactMax, 2, Flags, null, static (ctx, _, args) => StepBest(ctx, args, greater: true), FinalBest));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.MinText, 1, Flags, null, static (ctx, _, args) => StepText(ctx, args, greater: false), FinalText));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.MaxText, 1, Flags, null, static (ctx, _, args) => StepText(ctx, args, greater: true), FinalText));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.SumDecimal, 1, Flags, null, StepDecimal, static (ctx, _) => FinalDecimal(ctx, average: false)));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.AverageDecimal, 1, Flags, null, StepDecimal, static (ctx, _) => FinalDecimal(ctx, average: true)));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.SumDecimalKey, 1, Flags, null, StepDecimal, static (ctx, _) => FinalDecimal(ctx, average: false, key: true)));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.AverageDecimalKey, 1, Flags, null, StepDecimal, static (ctx, _) => FinalDecimal(ctx, average: true, key: true)));
        Check(db, raw.sqlite3_create_function(db, SqlAggregates.UtcTicks, 1, Flags, null, StepUtcTicks));
    }

    private static void Check(sqlite3 db, int rc)
    {
        if (rc != raw.SQLITE_OK)
        {
            throw new MicroDbException($"Cannot register MicroDb's exact aggregate functions: {raw.sqlite3_errmsg(db).utf8_to_string()}", rc, rc, null);
        }
    }

    private static void StepBest(sqlite3_context ctx, sqlite3_value[] args, bool greater)
    {
        try
        {
            if (raw.sqlite3_value_type(args[0]) == raw.SQLITE_NULL || raw.sqlite3_value_type(args[1]) == raw.SQLITE_NULL)
            {
                return;
            }

            var key = Copy(args[0]);
            if (ctx.state is not Best best)
            {
                ctx.state = new Best(key, Copy(args[1]));
                return;
            }

            // Strictly better only, so the first of equal keys stays (LINQ keeps the first minimum and maximum it meets).
            var order = CompareKeys(key, best.Key);
            if (greater ? order > 0 : order < 0)
            {
                best.Key = key;
                best.Value = Copy(args[1]);
            }
        }
        catch (Exception e)
        {
            raw.sqlite3_result_error(ctx, "MicroDb: " + e.Message);
        }
    }

    private static void FinalBest(sqlite3_context ctx, object user_data)
    {
        if (ctx.state is Best best)
        {
            Result(ctx, best.Value);
        }
        else
        {
            raw.sqlite3_result_null(ctx);
        }
    }

    private static void StepText(sqlite3_context ctx, sqlite3_value[] args, bool greater)
    {
        try
        {
            if (raw.sqlite3_value_type(args[0]) == raw.SQLITE_NULL)
            {
                return;
            }

            var text = raw.sqlite3_value_text(args[0]).utf8_to_string();
            if (ctx.state is not string current)
            {
                ctx.state = text;
                return;
            }

            // LINQ's Min/Max of strings compare with Comparer<string>.Default: the current culture's comparison.
            var order = string.Compare(text, current, StringComparison.CurrentCulture);
            if (greater ? order > 0 : order < 0)
            {
                ctx.state = text;
            }
        }
        catch (Exception e)
        {
            raw.sqlite3_result_error(ctx, "MicroDb: " + e.Message);
        }
    }

    private static void FinalText(sqlite3_context ctx, object user_data)
    {
        if (ctx.state is string text)
        {
            raw.sqlite3_result_text(ctx, text);
        }
        else
        {
            raw.sqlite3_result_null(ctx);
        }
    }

    private static void StepDecimal(sqlite3_context ctx, object user_data, sqlite3_value[] args)
    {
        try
        {
            var value = args[0];
            decimal item;
            switch (raw.sqlite3_value_type(value))
            {
                case raw.SQLITE_NULL:
                    return;
                case raw.SQLITE_INTEGER:
                    item = raw.sqlite3_value_int64(value);
                    break;
                case raw.SQLITE_FLOAT:
                    // As the reader converts a REAL (sqlite-net's format stores decimals so).
                    item = (decimal)raw.sqlite3_value_double(value);
                    break;
                default:
                    var text = raw.sqlite3_value_text(value).utf8_to_string();
                    if (!decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out item))
                    {
                        raw.sqlite3_result_error(ctx, $"MicroDb: '{text}' is not a decimal");
                        return;
                    }

                    break;
            }

            var sum = ctx.state as DecimalSum ?? new DecimalSum();
            ctx.state = sum;
            sum.Total += item;
            sum.Count++;
        }
        catch (OverflowException)
        {
            raw.sqlite3_result_error(ctx, OverflowMessage);
        }
        catch (Exception e)
        {
            raw.sqlite3_result_error(ctx, "MicroDb: " + e.Message);
        }
    }

    private static void StepUtcTicks(sqlite3_context ctx, object user_data, sqlite3_value[] args)
    {
        var value = args[0];
        switch (raw.sqlite3_value_type(value))
        {
            case raw.SQLITE_NULL:
                raw.sqlite3_result_null(ctx);
                return;
            case raw.SQLITE_INTEGER:
                // sqlite-net's format stores UtcTicks already.
                raw.sqlite3_result_int64(ctx, raw.sqlite3_value_int64(value));
                return;
        }

        // As the reader parses it (SqliteStatement.GetDateTimeOffset); LINQ compares DateTimeOffset by its instant.
        var text = raw.sqlite3_value_text(value).utf8_to_string();
        if (DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out var parsed))
        {
            raw.sqlite3_result_int64(ctx, parsed.UtcTicks);
        }
        else
        {
            raw.sqlite3_result_error(ctx, $"MicroDb: '{text}' is not a DateTimeOffset");
        }
    }

    private static void FinalDecimal(sqlite3_context ctx, bool average, bool key = false)
    {
        var sum = ctx.state as DecimalSum;
        if (average && sum is null)
        {
            // LINQ's Average of nullable decimals with no value is null (a group always has an element).
            raw.sqlite3_result_null(ctx);
            return;
        }

        var total = sum?.Total ?? 0m;
        var result = average ? total / sum!.Count : total;
        raw.sqlite3_result_text(ctx, key ? MicroDb.Query.SqlTranslator.DecimalKey(result) : result.ToString(CultureInfo.InvariantCulture));
    }

    /// <summary>A SQLite value copied out of its call (integer, real, text bytes or blob).</summary>
    private static object Copy(sqlite3_value value) => raw.sqlite3_value_type(value) switch
    {
        raw.SQLITE_INTEGER => raw.sqlite3_value_int64(value),
        raw.SQLITE_FLOAT => raw.sqlite3_value_double(value),
        raw.SQLITE_TEXT => new Text(raw.sqlite3_value_blob(value).ToArray()),
        _ => raw.sqlite3_value_blob(value).ToArray(),
    };

    private static void Result(sqlite3_context ctx, object value)
    {
        switch (value)
        {
            case long l:
                raw.sqlite3_result_int64(ctx, l);
                break;
            case double d:
                raw.sqlite3_result_double(ctx, d);
                break;
            case Text t:
                raw.sqlite3_result_text(ctx, System.Text.Encoding.UTF8.GetString(t.Bytes));
                break;
            default:
                raw.sqlite3_result_blob(ctx, (byte[])value);
                break;
        }
    }

    /// <summary>SQLite's order of two non-NULL keys: numbers by value before text (bytewise, the BINARY collation) before blobs.</summary>
    private static int CompareKeys(object a, object b)
    {
        var classA = ClassOf(a);
        var classB = ClassOf(b);
        if (classA != classB)
        {
            return classA.CompareTo(classB);
        }

        return (a, b) switch
        {
            (long x, long y) => x.CompareTo(y),
            (Text x, Text y) => x.Bytes.AsSpan().SequenceCompareTo(y.Bytes),
            (byte[] x, byte[] y) => x.AsSpan().SequenceCompareTo(y),
            _ => Convert.ToDouble(a, CultureInfo.InvariantCulture).CompareTo(Convert.ToDouble(b, CultureInfo.InvariantCulture)),
        };
    }

    private static int ClassOf(object value) => value switch
    {
        long or double => 0,
        Text => 1,
        _ => 2,
    };

    private sealed class Best(object key, object value)
    {
        public object Key { get; set; } = key;

        public object Value { get; set; } = value;
    }

    private sealed class Text(byte[] bytes)
    {
        public byte[] Bytes { get; } = bytes;
    }

    private sealed class DecimalSum
    {
        public decimal Total { get; set; }

        public long Count { get; set; }
    }
}
