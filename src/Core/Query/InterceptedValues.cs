using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// The values an intercepted query binds, kept typed: an integer (integers, bool, enums stored as numbers), a string or a
/// Guid is stored in its slot without boxing and bound with the typed <see cref="SqliteStatement"/> bind, encoded as the
/// run-time translator encodes it. Any other kind holds the translator's encoded object. One spare per thread.
/// </summary>
internal sealed class InterceptedValues
{
    [ThreadStatic]
    private static InterceptedValues? _spare;

    private Slot[] _slots = new Slot[4];

    private enum SlotKind : byte
    {
        Integer,
        Text,
        Guid,
        Encoded,
    }

    /// <summary>How many values were added.</summary>
    public int Count { get; private set; }

    /// <summary>Takes the thread's spare, or a new one when it is in use.</summary>
    public static InterceptedValues Rent()
    {
        var values = _spare;
        if (values is null)
        {
            return new InterceptedValues();
        }

        _spare = null;
        return values;
    }

    /// <summary>Gives <paramref name="values"/> back as the thread's spare, emptied (strings and objects released).</summary>
    public static void Return(InterceptedValues values)
    {
        Array.Clear(values._slots, 0, values.Count);
        values.Count = 0;
        _spare = values;
    }

    /// <summary>
    /// Adds <paramref name="value"/> (not null, read from the tree) as <paramref name="column"/> stores it in
    /// <paramref name="format"/>: exactly <see cref="SqlTranslator.Encode"/>'s result, typed for the kinds the generator lowers.
    /// </summary>
    public void Add(object value, ColumnMapping column, Type memberType, StorageFormat format)
    {
        if (value is InterceptedSite.ListValue list) { foreach (var item in list.Items) Add(item, column, memberType, format); return; } // IN's elements (InterceptedSite.Strings.cs)
        switch (column.Kind)
        {
            case ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64
                when Integer(value) is { } integer:
                // The translator binds the member's own boxed integer; the same number bound as int64 is the same SQLite value.
                Next() = new Slot { Kind = SlotKind.Integer, Integer = integer, Shown = value };
                return;
            case ColumnKind.Boolean when value is bool b:
                Next() = new Slot { Kind = SlotKind.Integer, Integer = b ? 1L : 0L };
                return;
            case ColumnKind.Enum when value is Enum e:
                Next() = new Slot { Kind = SlotKind.Integer, Integer = ValueEncoding.EnumToInt64(e) };
                return;
            case ColumnKind.String when value is string s:
                Next() = new Slot { Kind = SlotKind.Text, Shown = s };
                return;
            case ColumnKind.Guid when value is Guid g:
                Next() = new Slot { Kind = SlotKind.Guid, Guid = g };
                return;
            default:
                Next() = new Slot { Kind = SlotKind.Encoded, Shown = SqlTranslator.Encode(value, column, memberType, format) };
                return;
        }
    }

    /// <summary>
    /// Adds a value already in stored form (what the run-time path lists as the argument: an ExecuteUpdate value after
    /// <see cref="ValueEncoding.ToStorage(object?, bool, StorageFormat)"/>, or an arithmetic operand after
    /// <see cref="SqlTranslator.Encode"/>): integers and text typed, anything else (null too) as it is.
    /// </summary>
    public void AddStored(object? stored)
    {
        if (stored is not null && Integer(stored) is { } integer)
        {
            Next() = new Slot { Kind = SlotKind.Integer, Integer = integer, Shown = stored };
        }
        else if (stored is string s)
        {
            Next() = new Slot { Kind = SlotKind.Text, Shown = s };
        }
        else
        {
            Next() = new Slot { Kind = SlotKind.Encoded, Shown = stored };
        }
    }

    /// <summary>
    /// Adds <paramref name="value"/> (not null, read from the tree) compared with no column (a grouping's aggregate):
    /// exactly <see cref="SqlTranslator.Encode"/>'s result for no column, an integer kept typed.
    /// </summary>
    public void AddUnmapped(object value, StorageFormat format)
    {
        if (value is InterceptedSite.ListValue list) { foreach (var item in list.Items) AddUnmapped(item, format); return; } // a decimal's spellings (InterceptedSite.Strings.cs)
        if (value is int or long or short or byte or sbyte or ushort or uint && Integer(value) is { } integer)
        {
            Next() = new Slot { Kind = SlotKind.Integer, Integer = integer, Shown = value };
            return;
        }

        Next() = new Slot { Kind = SlotKind.Encoded, Shown = SqlTranslator.Encode(value, null, null, format) };
    }

    /// <summary>Binds the values to parameters 1..<see cref="Count"/> with the typed binds.</summary>
    public void BindTo(SqliteStatement statement)
    {
        for (var i = 0; i < Count; i++)
        {
            ref var slot = ref _slots[i];
            switch (slot.Kind)
            {
                case SlotKind.Integer:
                    statement.Bind(i + 1, slot.Integer);
                    break;
                case SlotKind.Text:
                    statement.Bind(i + 1, (string)slot.Shown!);
                    break;
                case SlotKind.Guid:
                    statement.Bind(i + 1, slot.Guid);
                    break;
                default:
                    statement.BindValue(i + 1, slot.Shown);
                    break;
            }
        }
    }

    /// <summary>The values as the run-time translator lists them (boxed; for diagnostics and the interception check only).</summary>
    public List<object?> ToList()
    {
        var list = new List<object?>(Count);
        for (var i = 0; i < Count; i++)
        {
            ref var slot = ref _slots[i];
            list.Add(slot.Kind switch
            {
                SlotKind.Integer => slot.Shown ?? slot.Integer,
                SlotKind.Guid => ValueEncoding.FormatGuid(slot.Guid),
                _ => slot.Shown,
            });
        }

        return list;
    }

    private static long? Integer(object value) => value switch
    {
        int i => i,
        long l => l,
        short s => s,
        byte b => b,
        sbyte sb => sb,
        ushort us => us,
        uint ui => ui,
        _ => null,
    };

    private ref Slot Next()
    {
        if (Count == _slots.Length)
        {
            Array.Resize(ref _slots, Count * 2);
        }

        return ref _slots[Count++];
    }

    private struct Slot
    {
        public SlotKind Kind;
        public long Integer;
        public Guid Guid;

        // The string for Text; the encoded value for Encoded; for Integer, the member's boxed integer the translator would list (null for bool and enums).
        public object? Shown;
    }
}
