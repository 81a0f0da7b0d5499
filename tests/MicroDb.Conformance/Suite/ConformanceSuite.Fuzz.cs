using System.Globalization;
using System.Reflection;
using System.Text;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Fuzzed round trips: thousands of random AllTypes values through the database and through Serialize/Deserialize,
// from a fixed seed that a failure prints (MICRODB_FUZZ_SEED overrides it). Plus the storage and binary encodings
// of fixed values, written out by hand here, so that every mapping path is held to the same bytes.
public abstract partial class ConformanceSuite
{
    private const int FuzzCases = 3000;

    private static int FuzzSeed =>
        int.TryParse(Environment.GetEnvironmentVariable("MICRODB_FUZZ_SEED"), NumberStyles.Integer, CultureInfo.InvariantCulture, out var seed) ? seed : 8_2026_1121;

    [Test]
    public void Fuzzed_values_of_every_type_round_trip_through_the_database()
    {
        var seed = FuzzSeed;
        TestContext.Out.WriteLine($"fuzz seed {seed} (set MICRODB_FUZZ_SEED to repeat or vary)");
        var random = new Random(seed);
        var cases = Enumerable.Range(0, FuzzCases).Select(_ => Fuzz.AllTypes(random)).ToList();
        var db = OpenWith<AllTypes>();

        db.InsertAll(cases);
        var read = db.Query<AllTypes>("SELECT * FROM AllTypes ORDER BY Id");

        Assert.That(read, Has.Count.EqualTo(FuzzCases), $"seed {seed}");
        for (var i = 0; i < FuzzCases; i++)
        {
            var difference = Fuzz.Difference(cases[i], read[i]);
            Assert.That(difference, Is.Null, $"fuzz seed {seed}, case {i} (Query): {difference}");
        }

        // The key lookup path reads through its own statement.
        for (var i = 0; i < FuzzCases; i += 97)
        {
            var difference = Fuzz.Difference(cases[i], db.Get<AllTypes>(cases[i].Id));
            Assert.That(difference, Is.Null, $"fuzz seed {seed}, case {i} (Get): {difference}");
        }
    }

    [Test]
    public void Fuzzed_values_of_every_type_round_trip_through_serialization()
    {
        var seed = FuzzSeed + 1;
        TestContext.Out.WriteLine($"fuzz seed {seed} (MICRODB_FUZZ_SEED + 1)");
        var random = new Random(seed);
        var map = Open().GetMap<AllTypes>();
        var cases = Enumerable.Range(0, FuzzCases).Select(_ => Fuzz.AllTypes(random)).ToList();

        // One stream holding every case back to back: each Deserialize must stop exactly where its value ends.
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, Encoding.UTF8, leaveOpen: true))
        {
            foreach (var value in cases)
            {
                map.Serialize(writer, value);
            }
        }

        stream.Position = 0;
        using var reader = new BinaryReader(stream);
        for (var i = 0; i < FuzzCases; i++)
        {
            var difference = Fuzz.Difference(cases[i], map.Deserialize(reader));
            Assert.That(difference, Is.Null, $"fuzz seed {seed}, case {i}: {difference}");
        }

        Assert.That(stream.Position, Is.EqualTo(stream.Length), $"fuzz seed {seed}: bytes left over");
    }

    [TestCase(0)]
    [TestCase(1)]
    public void Fixed_values_have_the_documented_storage_and_binary_encoding(int sample)
    {
        var (value, columns) = sample == 0 ? Fuzz.FixedValue() : Fuzz.DefaultValue();
        var db = OpenWith<AllTypes>();
        db.Insert(value);

        Assert.That(RawRows(db, "AllTypes"), Is.EqualTo(new[] { string.Join("|", columns.Select(c => c.Sql)) }), "quote() of each stored column");

        var expected = new MemoryStream();
        using (var writer = new BinaryWriter(expected, Encoding.UTF8, leaveOpen: true))
        {
            foreach (var column in columns)
            {
                column.Write(writer);
            }
        }

        var map = db.GetMap<AllTypes>();
        var actual = new MemoryStream();
        using (var writer = new BinaryWriter(actual, Encoding.UTF8, leaveOpen: true))
        {
            map.Serialize(writer, value);
        }

        Assert.That(actual.ToArray(), Is.EqualTo(expected.ToArray()), "serialized bytes");
        expected.Position = 0;
        using var reader = new BinaryReader(expected);
        AllTypesSamples.AssertSame(value, map.Deserialize(reader));
    }

    /// <summary>Random values for every supported type, with edge values mixed in.</summary>
    private static class Fuzz
    {
        private static readonly string[] Pieces = ["a", "Z", " ", "'", "\"", ";", "--", "\0", "\t", "\n", "é", "ß", "Ω", "日本", "🎉", "𝄞", "\u200b", "\ufeff", "\uffff", "%", "_", "\\"];

        private static readonly PropertyInfo[] Properties = typeof(AllTypes).GetProperties().Where(p => p.Name != nameof(Models.AllTypes.Id)).ToArray();

        public static AllTypes AllTypes(Random r) => new()
        {
            Bool = r.Next(2) == 1, Byte = (byte)Int(r, byte.MinValue, byte.MaxValue), SByte = (sbyte)Int(r, sbyte.MinValue, sbyte.MaxValue),
            Int16 = (short)Int(r, short.MinValue, short.MaxValue), UInt16 = (ushort)Int(r, ushort.MinValue, ushort.MaxValue),
            Int32 = (int)Int(r, int.MinValue, int.MaxValue), UInt32 = (uint)Int(r, uint.MinValue, uint.MaxValue), Int64 = Int(r, long.MinValue, long.MaxValue),
            UInt64 = unchecked((ulong)Int(r, long.MinValue, long.MaxValue)), Single = Single(r), Double = Double(r), Decimal = Decimal(r),
            Char = (char)Int(r, char.MinValue, char.MaxValue), String = Maybe(r, String), Blob = Maybe(r, Blob), Guid = Guid(r),
            DateTime = DateTime(r, text: false), DateTimeText = DateTime(r, text: true), DateTimeOffset = DateTimeOffset(r), TimeSpan = new TimeSpan(Int(r, long.MinValue, long.MaxValue)),
            DateOnly = System.DateOnly.FromDayNumber((int)Int(r, 0, System.DateOnly.MaxValue.DayNumber)), TimeOnly = new TimeOnly(Int(r, 0, System.TimeOnly.MaxValue.Ticks)),
            Color = Color(r), ColorText = NamedColor(r), Size = (Size)Int(r, long.MinValue, long.MaxValue),
            NBool = MaybeValue(r, x => x.Next(2) == 1), NByte = MaybeValue(r, x => (byte)Int(x, byte.MinValue, byte.MaxValue)),
            NSByte = MaybeValue(r, x => (sbyte)Int(x, sbyte.MinValue, sbyte.MaxValue)), NInt16 = MaybeValue(r, x => (short)Int(x, short.MinValue, short.MaxValue)),
            NUInt16 = MaybeValue(r, x => (ushort)Int(x, ushort.MinValue, ushort.MaxValue)), NInt32 = MaybeValue(r, x => (int)Int(x, int.MinValue, int.MaxValue)),
            NUInt32 = MaybeValue(r, x => (uint)Int(x, uint.MinValue, uint.MaxValue)), NInt64 = MaybeValue(r, x => Int(x, long.MinValue, long.MaxValue)),
            NUInt64 = MaybeValue(r, x => unchecked((ulong)Int(x, long.MinValue, long.MaxValue))), NSingle = MaybeValue(r, Single), NDouble = MaybeValue(r, Double),
            NDecimal = MaybeValue(r, Decimal), NChar = MaybeValue(r, x => (char)Int(x, char.MinValue, char.MaxValue)), NGuid = MaybeValue(r, Guid),
            NDateTime = MaybeValue(r, x => DateTime(x, text: false)), NDateTimeText = MaybeValue(r, x => DateTime(x, text: true)),
            NDateTimeOffset = MaybeValue(r, DateTimeOffset), NTimeSpan = MaybeValue(r, x => new TimeSpan(Int(x, long.MinValue, long.MaxValue))),
            NDateOnly = MaybeValue(r, x => System.DateOnly.FromDayNumber((int)Int(x, 0, System.DateOnly.MaxValue.DayNumber))),
            NTimeOnly = MaybeValue(r, x => new TimeOnly(Int(x, 0, System.TimeOnly.MaxValue.Ticks))), NColor = MaybeValue(r, Color), NColorText = MaybeValue(r, NamedColor),
            Text = String(r), Bytes = Blob(r), Planet = Planet(r), Flags = (Flags64)unchecked((ulong)Int(r, long.MinValue, long.MaxValue)),
            NSize = MaybeValue(r, x => (Size)Int(x, long.MinValue, long.MaxValue)), NPlanet = MaybeValue(r, Planet),
            NFlags = MaybeValue(r, x => (Flags64)unchecked((ulong)Int(x, long.MinValue, long.MaxValue))),
        };

        /// <summary>Null when equal (dates with their kind and offset, decimals with their scale, blobs by content), else the first difference.</summary>
        public static string? Difference(AllTypes expected, AllTypes actual)
        {
            foreach (var property in Properties)
            {
                var e = property.GetValue(expected);
                var a = property.GetValue(actual);
                var same = (e, a) switch
                {
                    (null, null) => true,
                    (System.DateTime de, System.DateTime da) => de == da && de.Kind == da.Kind,
                    (System.DateTimeOffset oe, System.DateTimeOffset oa) => oe == oa && oe.Offset == oa.Offset,
                    (decimal me, decimal ma) => me.ToString(CultureInfo.InvariantCulture) == ma.ToString(CultureInfo.InvariantCulture),
                    (byte[] be, byte[] ba) => be.AsSpan().SequenceEqual(ba),
                    _ => Equals(e, a),
                };
                if (!same)
                {
                    return $"{property.Name}: expected {Show(e)} but was {Show(a)}";
                }
            }

            return null;
        }

        /// <summary>A value with something in every column, and its encodings as written out by hand from docs/reliability.md.</summary>
        public static (AllTypes Value, List<(string Sql, Action<BinaryWriter> Write)> Columns) FixedValue()
        {
            var instant = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Utc).AddTicks(1234567);
            var guid = System.Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
            var offset = new DateTimeOffset(2024, 6, 1, 12, 0, 0, TimeSpan.FromMinutes(-570));
            var value = new AllTypes
            {
                Id = 1, Bool = true, Byte = 200, SByte = -5, Int16 = -300, UInt16 = 65535, Int32 = -123456, UInt32 = 4_000_000_000, Int64 = long.MinValue,
                UInt64 = ulong.MaxValue, Single = 1.5f, Double = -2.25, Decimal = 12.340m, Char = 'A', String = "it's é🎉", Blob = [0, 255, 16], Guid = guid,
                DateTime = instant, DateTimeText = instant, DateTimeOffset = offset, TimeSpan = TimeSpan.FromTicks(-123456789), DateOnly = new DateOnly(2024, 2, 29),
                TimeOnly = new TimeOnly(23, 59, 59), Color = Models.Color.Blue, ColorText = Models.Color.Green, Size = Size.Small,
                NByte = 7, NUInt16 = 1, NInt64 = 42, NDouble = 0.5, NDecimal = -0.001m, NColorText = Models.Color.Red,
                Text = "fixed", Bytes = [1], Planet = Models.Planet.Earth, Flags = Flags64.Top, NSize = Size.Huge, NFlags = Flags64.Top,
            };

            // Kind sits in the top two bits of the ticks: Utc = 1.
            var encodedInstant = instant.Ticks + (1L << 62);
            var columns = new List<(string, Action<BinaryWriter>)>
            {
                ("1", w => w.Write(1L)), ("1", w => w.Write(true)), ("200", w => w.Write((byte)200)), ("-5", w => w.Write((sbyte)-5)),
                ("-300", w => w.Write((short)-300)), ("65535", w => w.Write((ushort)65535)), ("-123456", w => w.Write(-123456)),
                ("4000000000", w => w.Write(4_000_000_000u)), ("-9223372036854775808", w => w.Write(long.MinValue)), ("-1", w => w.Write(ulong.MaxValue)),
                ("1.5", w => w.Write(1.5f)), ("-2.25", w => w.Write(-2.25)), ("'12.340'", w => w.Write(12.340m)), ("65", w => w.Write((ushort)'A')),
                ("'it''s é🎉'", w => { w.Write(true); w.Write((byte)11); w.Write("it's "u8); w.Write(new byte[] { 0xC3, 0xA9, 0xF0, 0x9F, 0x8E, 0x89 }); }),
                ("X'00FF10'", w => { w.Write(true); w.Write(3); w.Write(new byte[] { 0, 255, 16 }); }),
                ("'01234567-89ab-cdef-0123-456789abcdef'", w => w.Write(guid.ToByteArray())),
                (encodedInstant.ToString(CultureInfo.InvariantCulture), w => w.Write(encodedInstant)),
                ("'2024-02-29T13:14:15.1234567Z'", w => w.Write(encodedInstant)),
                ("'2024-06-01T12:00:00.0000000-09:30'", w => { w.Write(offset.Ticks); w.Write((short)-570); }),
                ("-123456789", w => w.Write(-123456789L)), ("'2024-02-29'", w => w.Write(new DateOnly(2024, 2, 29).DayNumber)),
                ("863990000000", w => w.Write(863990000000L)), ("3", w => w.Write(3L)), ("'Green'", w => w.Write(2L)), ("-1", w => w.Write(-1L)),
            };
            columns.AddRange(
            [
                ("NULL", NoValue), ("7", w => { w.Write(true); w.Write((byte)7); }), ("NULL", NoValue), ("NULL", NoValue),
                ("1", w => { w.Write(true); w.Write((ushort)1); }), ("NULL", NoValue), ("NULL", NoValue), ("42", w => { w.Write(true); w.Write(42L); }),
                ("NULL", NoValue), ("NULL", NoValue), ("0.5", w => { w.Write(true); w.Write(0.5); }), ("'-0.001'", w => { w.Write(true); w.Write(-0.001m); }),
                ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue),
                ("NULL", NoValue), ("NULL", NoValue), ("'Red'", w => { w.Write(true); w.Write(1L); }),
                ("'fixed'", w => { w.Write(true); w.Write((byte)5); w.Write("fixed"u8); }), ("X'01'", w => { w.Write(true); w.Write(1); w.Write((byte)1); }),
                ("'Earth'", w => w.Write(1L)), ("-9223372036854775808", w => w.Write(long.MinValue)),
                ("9223372036854775807", w => { w.Write(true); w.Write(long.MaxValue); }), ("NULL", NoValue),
                ("-9223372036854775808", w => { w.Write(true); w.Write(long.MinValue); }),
            ]);
            return (value, columns);
        }

        /// <summary>A new AllTypes: zeros, defaults and nulls, and their encodings.</summary>
        public static (AllTypes Value, List<(string Sql, Action<BinaryWriter> Write)> Columns) DefaultValue()
        {
            var value = new AllTypes { Id = 1 };
            var columns = new List<(string, Action<BinaryWriter>)>
            {
                ("1", w => w.Write(1L)), ("0", w => w.Write(false)), ("0", w => w.Write((byte)0)), ("0", w => w.Write((sbyte)0)),
                ("0", w => w.Write((short)0)), ("0", w => w.Write((ushort)0)), ("0", w => w.Write(0)), ("0", w => w.Write(0u)), ("0", w => w.Write(0L)),
                ("0", w => w.Write(0UL)), ("0.0", w => w.Write(0f)), ("0.0", w => w.Write(0d)), ("'0'", w => w.Write(0m)), ("0", w => w.Write((ushort)0)),
                ("NULL", NoValue), ("NULL", NoValue), ("'00000000-0000-0000-0000-000000000000'", w => w.Write(new byte[16])), ("0", w => w.Write(0L)),
                ("'0001-01-01T00:00:00.0000000'", w => w.Write(0L)), ("'0001-01-01T00:00:00.0000000+00:00'", w => { w.Write(0L); w.Write((short)0); }),
                ("0", w => w.Write(0L)), ("'0001-01-01'", w => w.Write(0)), ("0", w => w.Write(0L)), ("0", w => w.Write(0L)), ("'Red'", w => w.Write(1L)), ("0", w => w.Write(0L)),
            };
            columns.AddRange(Enumerable.Repeat<(string, Action<BinaryWriter>)>(("NULL", NoValue), 22));
            columns.AddRange(
            [
                ("''", w => { w.Write(true); w.Write((byte)0); }), ("X''", w => { w.Write(true); w.Write(0); }),
                ("'Mercury'", w => w.Write(0L)), ("0", w => w.Write(0L)), ("NULL", NoValue), ("NULL", NoValue), ("NULL", NoValue),
            ]);
            return (value, columns);
        }

        private static void NoValue(BinaryWriter w) => w.Write(false);

        private static string Show(object? value) => value switch
        {
            null => "null",
            byte[] bytes => Convert.ToHexString(bytes),
            string s => "\"" + string.Concat(s.Select(c => c < ' ' || c > '~' ? $"\\u{(int)c:x4}" : c.ToString())) + "\"",
            System.DateTime d => d.ToString("O", CultureInfo.InvariantCulture) + " " + d.Kind,
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            _ => value.ToString() ?? "",
        };

        private static T? Maybe<T>(Random r, Func<Random, T> make)
            where T : class => r.Next(8) == 0 ? null : make(r);

        private static T? MaybeValue<T>(Random r, Func<Random, T> make)
            where T : struct => r.Next(4) == 0 ? null : make(r);

        // Uniform in [min, max], with the bounds, zero and ±1 picked often: that is where encodings break.
        private static long Int(Random r, long min, long max) => r.Next(8) switch
        {
            0 => min,
            1 => max,
            2 => Math.Clamp(r.Next(-1, 2), min, max),
            _ => min == long.MinValue && max == long.MaxValue ? r.NextInt64() ^ (r.NextInt64() << 1) : r.NextInt64(min, max) + (r.Next(2) == 0 ? 0 : 1),
        };

        private static float Single(Random r)
        {
            if (r.Next(4) == 0)
            {
                float[] edges = [0f, -0f, float.Epsilon, -float.Epsilon, float.MinValue, float.MaxValue, float.PositiveInfinity, float.NegativeInfinity, 1f / 3];
                return edges[r.Next(edges.Length)];
            }

            float value;
            do
            {
                value = BitConverter.Int32BitsToSingle(r.Next() ^ (r.Next(2) << 31));
            }
            while (float.IsNaN(value)); // SQLite stores NaN as NULL: a documented exception, not fuzzed.
            return value;
        }

        private static double Double(Random r)
        {
            if (r.Next(4) == 0)
            {
                double[] edges = [0d, -0d, double.Epsilon, double.MinValue, double.MaxValue, double.PositiveInfinity, double.NegativeInfinity, 0.1, 1e-310, 9007199254740993d];
                return edges[r.Next(edges.Length)];
            }

            double value;
            do
            {
                value = BitConverter.Int64BitsToDouble(r.NextInt64() ^ ((long)r.Next(2) << 63));
            }
            while (double.IsNaN(value));
            return value;
        }

        private static decimal Decimal(Random r) => r.Next(6) switch
        {
            0 => r.Next(2) == 0 ? decimal.MaxValue : decimal.MinValue,
            1 => new decimal(0, 0, 0, r.Next(2) == 0, (byte)r.Next(29)),
            _ => new decimal(r.Next() ^ (r.Next(2) << 31), r.Next(4) == 0 ? 0 : r.Next(), r.Next(3) == 0 ? 0 : r.Next(), r.Next(2) == 0, (byte)r.Next(29)),
        };

        private static string String(Random r)
        {
            var builder = new StringBuilder();
            var length = r.Next(8) == 0 ? 0 : r.Next(1, 24);
            for (var i = 0; i < length; i++)
            {
                if (r.Next(3) == 0)
                {
                    builder.Append(Pieces[r.Next(Pieces.Length)]);
                }
                else
                {
                    // Any BMP character that is not a surrogate half (unpaired surrogates are refused by design).
                    char c;
                    do
                    {
                        c = (char)r.Next(0, 0x10000);
                    }
                    while (char.IsSurrogate(c));
                    builder.Append(c);
                }
            }

            return builder.ToString();
        }

        private static byte[] Blob(Random r)
        {
            var bytes = new byte[r.Next(8) == 0 ? 0 : r.Next(1, 40)];
            r.NextBytes(bytes);
            return bytes;
        }

        private static Guid Guid(Random r)
        {
            var bytes = new byte[16];
            r.NextBytes(bytes);
            return new Guid(bytes);
        }

        private static DateTime DateTime(Random r, bool text)
        {
            // A [StoreAsText] Local value goes through the machine's UTC offset, which is not a round trip across
            // DST changes (see docs/reliability.md); text columns are fuzzed with Utc and Unspecified.
            var kind = text ? (r.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified) : (DateTimeKind)r.Next(3);
            return new DateTime(Int(r, 0, System.DateTime.MaxValue.Ticks), kind);
        }

        private static DateTimeOffset DateTimeOffset(Random r)
        {
            var offset = TimeSpan.FromMinutes(r.Next(-14 * 60, (14 * 60) + 1));
            var ticks = Int(r, TimeSpan.TicksPerDay, System.DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay);
            return new DateTimeOffset(ticks, offset);
        }

        // Planet is stored by name wherever it is used: only its names.
        private static Planet Planet(Random r) => (Planet)r.Next(0, 2);

        private static Color Color(Random r) => r.Next(4) == 0 ? (Color)r.Next(int.MinValue, int.MaxValue) : (Color)r.Next(1, 4);

        // An enum stored by name stores only its names (a value without one is refused on write).
        private static Color NamedColor(Random r) => (Color)r.Next(1, 4);
    }
}
