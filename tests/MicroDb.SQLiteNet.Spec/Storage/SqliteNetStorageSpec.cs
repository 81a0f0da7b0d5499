using System.Text;

namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>
/// The storage specification: every case measured against sqlite-net-pcl 1.11.285 (see docs/sqlite-net-storage.md).
/// The expected values were observed by running sqlite-net here, not derived from its source.
/// </summary>
public static class SqliteNetStorageSpec
{
    private static readonly StorageSetting D = StorageSetting.Default;
    private static readonly StorageSetting T = StorageSetting.DateTimeText;
    private static readonly StorageSetting C = StorageSetting.DateTimeCustomText;
    private static readonly StorageSetting TS = StorageSetting.TimeSpanText;
    private static readonly StorageSetting O = StorageSetting.DateTimeRoundTripText;

    // Values with commas live here so each case stays on one line.
    private static readonly DateTime DtUtc = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Utc).AddTicks(1234567);
    private static readonly DateTime DtLocal = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Local).AddTicks(1234567);
    private static readonly DateTime DtUnspecified = new DateTime(2024, 3, 5, 6, 7, 8, DateTimeKind.Unspecified).AddTicks(1234567);
    private static readonly DateTime? DtNull = null;
    private static readonly DateTimeOffset DtoPlus2 = new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.FromHours(2)).AddTicks(1234567);
    private static readonly DateTimeOffset DtoUtc = new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.Zero).AddTicks(1234567);
    private static readonly DateTimeOffset? DtoNull = null;
    private static readonly TimeSpan TsSample = new TimeSpan(1, 2, 3, 4).Add(TimeSpan.FromTicks(5678901));
    private static readonly TimeSpan TsNegative = -new TimeSpan(0, 1, 30, 0);
    private static readonly TimeSpan? TsNull = null;
    private static readonly byte[] Bytes3 = [0x00, 0x01, 0xFF];
    private static readonly byte[]? BytesNull = null;
    private static readonly Guid GuidSample = new("0f8fad5b-d9cb-469f-a165-70867728950e");
    private static readonly Guid? GuidNull = null;
    private static readonly string? StringNull = null;
    private static readonly string NonAscii = "Grüße, 日本語 🎉";
    private static readonly string WithNul = "a\0b";
    private static readonly DateOnly DateOnlySample = new(2024, 3, 5);
    private static readonly TimeOnly TimeOnlySample = new(6, 7, 8);
    private static readonly Uri UriSample = new("https://example.com/a?b=c");
    private static readonly StringBuilder BuilderSample = new("built");
    private static readonly Int128 Int128Sample = 5;
    private static readonly bool? BoolNull = null;
    private static readonly int? IntNull = null;
    private static readonly long? LongNull = null;
    private static readonly ulong? ULongNull = null;
    private static readonly float? FloatNull = null;
    private static readonly double? DoubleNull = null;
    private static readonly decimal? DecimalNull = null;
    private static readonly char? CharNull = null;
    private static readonly byte? ByteNull = null;
    private static readonly IntEnum? IntEnumNull = null;
    private static readonly TextEnum? TextEnumNull = null;

    // bound = "?" only while a new case waits for its first measurement (tools/storage_spec_from_jsonl.py).
    private static StorageCase S<TValue>(string name, StorageSetting setting, TValue value, string declaredType,
        string storageClass, string quote, string readBack = StorageCase.Same, string bound = "?", string? note = null)
        => StorageCase.Stored(name, setting, value, declaredType, storageClass, quote, readBack, bound, note);

    private static StorageCase F<TValue>(string name, StorageSetting setting, TValue value, string? declaredType,
        string error, string bound = "?", string? note = null)
        => StorageCase.Fails(name, setting, value, declaredType, error, bound, note);

    private static StorageCase R<TValue>(string name, StorageSetting setting, TValue value, string declaredType,
        string storageClass, string quote, string error, string bound = "?", string? note = null)
        => StorageCase.ReadFails(name, setting, value, declaredType, storageClass, quote, error, bound, note);

    /// <summary>All cases, in docs order.</summary>
    public static IEnumerable<StorageCase> Cases()
    {
        // CASES-BEGIN
        yield return S("bool_false", D, false, "INTEGER", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("bool_true", D, true, "INTEGER", "integer", "1", StorageCase.Same, "integer 1");
        yield return S("bool_nullable_null", D, BoolNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("bool_nullable_true", D, (bool?)true, "INTEGER", "integer", "1", StorageCase.Same, "integer 1");
        yield return S("byte_MaxValue", D, byte.MaxValue, "INTEGER", "integer", "255", StorageCase.Same, "integer 255");
        yield return S("byte_nullable_null", D, ByteNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("sbyte_MinValue", D, sbyte.MinValue, "INTEGER", "integer", "-128", StorageCase.Same, "integer -128");
        yield return S("sbyte_MaxValue", D, sbyte.MaxValue, "INTEGER", "integer", "127", StorageCase.Same, "integer 127");
        yield return S("short_MinValue", D, short.MinValue, "INTEGER", "integer", "-32768", StorageCase.Same, "integer -32768");
        yield return S("short_MaxValue", D, short.MaxValue, "INTEGER", "integer", "32767", StorageCase.Same, "integer 32767");
        yield return S("ushort_MaxValue", D, ushort.MaxValue, "INTEGER", "integer", "65535", StorageCase.Same, "integer 65535");
        yield return S("int_zero", D, 0, "INTEGER", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("int_MinValue", D, int.MinValue, "INTEGER", "integer", "-2147483648", StorageCase.Same, "integer -2147483648");
        yield return S("int_MaxValue", D, int.MaxValue, "INTEGER", "integer", "2147483647", StorageCase.Same, "integer 2147483647");
        yield return S("int_nullable_null", D, IntNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("int_nullable_7", D, (int?)7, "INTEGER", "integer", "7", StorageCase.Same, "integer 7");
        yield return S("uint_MaxValue", D, uint.MaxValue, "INTEGER", "integer", "4294967295", StorageCase.Same, "integer 4294967295");
        yield return S("long_MinValue", D, long.MinValue, "INTEGER", "integer", "-9223372036854775808", StorageCase.Same, "integer -9223372036854775808");
        yield return S("long_MaxValue", D, long.MaxValue, "INTEGER", "integer", "9223372036854775807", StorageCase.Same, "integer 9223372036854775807");
        yield return S("long_nullable_null", D, LongNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("ulong_zero", D, 0UL, "INTEGER", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("ulong_long_MaxValue", D, (ulong)long.MaxValue, "INTEGER", "integer", "9223372036854775807", StorageCase.Same, "integer 9223372036854775807");
        yield return F("ulong_above_long_MaxValue", D, (ulong)long.MaxValue+1, "INTEGER", "Insert: OverflowException", "!OverflowException", note: "ulong above long.MaxValue cannot be stored");
        yield return F("ulong_MaxValue", D, ulong.MaxValue, "INTEGER", "Insert: OverflowException", "!OverflowException", note: "ulong above long.MaxValue cannot be stored");
        yield return S("ulong_nullable_null", D, ULongNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("float_1_5", D, 1.5f, "float", "real", "1.5", StorageCase.Same, "real 1.5");
        yield return S("float_0_1", D, 0.1f, "float", "real", "0.10000000149011612", StorageCase.Same, "real 0.10000000149011612", note: "float widened to double when bound");
        yield return S("float_MinValue", D, float.MinValue, "float", "real", "-3.4028234663852886e+38", StorageCase.Same, "real -3.4028234663852886e+38");
        yield return S("float_MaxValue", D, float.MaxValue, "float", "real", "3.4028234663852886e+38", StorageCase.Same, "real 3.4028234663852886e+38");
        yield return S("float_NaN", D, float.NaN, "float", "null", "NULL", "0f", "null NULL", note: "NaN is stored as NULL and read back as 0, not NaN");
        yield return S("float_PositiveInfinity", D, float.PositiveInfinity, "float", "real", "9.0e+999", StorageCase.Same, "real 9.0e+999");
        yield return S("float_NegativeInfinity", D, float.NegativeInfinity, "float", "real", "-9.0e+999", StorageCase.Same, "real -9.0e+999");
        yield return S("float_negative_zero", D, -0f, "float", "real", "0.0", "0f", "real 0.0", note: "the sign of zero is lost");
        yield return S("float_Epsilon", D, float.Epsilon, "float", "real", "1.4012984643248171e-45", StorageCase.Same, "real 1.4012984643248171e-45");
        yield return S("float_nullable_null", D, FloatNull, "float", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("double_0_1", D, 0.1, "float", "real", "0.1", StorageCase.Same, "real 0.1");
        yield return S("double_MinValue", D, double.MinValue, "float", "real", "-1.7976931348623157e+308", StorageCase.Same, "real -1.7976931348623157e+308");
        yield return S("double_MaxValue", D, double.MaxValue, "float", "real", "1.7976931348623157e+308", StorageCase.Same, "real 1.7976931348623157e+308");
        yield return S("double_NaN", D, double.NaN, "float", "null", "NULL", "0", "null NULL", note: "NaN is stored as NULL and read back as 0, not NaN");
        yield return S("double_PositiveInfinity", D, double.PositiveInfinity, "float", "real", "9.0e+999", StorageCase.Same, "real 9.0e+999");
        yield return S("double_NegativeInfinity", D, double.NegativeInfinity, "float", "real", "-9.0e+999", StorageCase.Same, "real -9.0e+999");
        yield return S("double_negative_zero", D, -0.0, "float", "real", "0.0", "0", "real 0.0", note: "the sign of zero is lost");
        yield return S("double_Epsilon", D, double.Epsilon, "float", "real", "4.9406564584124654e-324", StorageCase.Same, "real 4.9406564584124654e-324");
        yield return S("double_nullable_null", D, DoubleNull, "float", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("decimal_zero", D, 0m, "float", "real", "0.0", StorageCase.Same, "real 0.0");
        yield return S("decimal_1_10", D, 1.10m, "float", "real", "1.1", "1.1m", "real 1.1", note: "decimal is a REAL: the scale is lost");
        yield return S("decimal_0_1", D, 0.1m, "float", "real", "0.1", StorageCase.Same, "real 0.1");
        yield return S("decimal_19_digits", D, 1234567890.123456789m, "float", "real", "1234567890.1234567", "1234567890.12346m", "real 1234567890.1234567", note: "decimal is a REAL: digits beyond double precision are lost");
        yield return R("decimal_MaxValue", D, decimal.MaxValue, "float", "real", "7.9228162514264338e+28", "Read: OverflowException", "real 7.9228162514264338e+28", note: "stored, but the double does not convert back to decimal");
        yield return R("decimal_MinValue", D, decimal.MinValue, "float", "real", "-7.9228162514264338e+28", "Read: OverflowException", "real -7.9228162514264338e+28", note: "stored, but the double does not convert back to decimal");
        yield return S("decimal_nullable_null", D, DecimalNull, "float", "null", "NULL", StorageCase.Same, "null NULL");
        yield return F("char_A", D, 'A', null, "CreateTable: NotSupportedException", "!NotSupportedException", note: "char is not a supported column type");
        yield return F("char_e_acute", D, 'é', null, "CreateTable: NotSupportedException", "!NotSupportedException");
        yield return F("char_NUL", D, '\0', null, "CreateTable: NotSupportedException", "!NotSupportedException");
        yield return F("char_MaxValue", D, char.MaxValue, null, "CreateTable: NotSupportedException", "!NotSupportedException");
        yield return F("char_nullable_null", D, CharNull, null, "CreateTable: NotSupportedException", "null NULL");
        yield return S("string_empty", D, "", "varchar", "text", "''", StorageCase.Same, "text ''");
        yield return S("string_ascii", D, "hello", "varchar", "text", "'hello'", StorageCase.Same, "text 'hello'");
        yield return S("string_non_ascii", D, NonAscii, "varchar", "text", "'Grüße, 日本語 🎉'", StorageCase.Same, "text 'Grüße, 日本語 🎉'");
        yield return S("string_with_NUL", D, WithNul, "varchar", "text", "'a'", StorageCase.Same, "text 'a'", note: "stored whole (read back whole); quote() stops at the NUL");
        yield return S("string_null", D, StringNull, "varchar", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("bytes_empty", D, Array.Empty<byte>(), "BLOB", "blob", "X''", StorageCase.Same, "blob X''");
        yield return S("bytes_3", D, Bytes3, "BLOB", "blob", "X'0001FF'", StorageCase.Same, "blob X'0001FF'");
        yield return S("bytes_null", D, BytesNull, "BLOB", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("Guid_Empty", D, Guid.Empty, "varchar(36)", "text", "'00000000-0000-0000-0000-000000000000'", StorageCase.Same, "text '00000000-0000-0000-0000-000000000000'");
        yield return S("Guid_sample", D, GuidSample, "varchar(36)", "text", "'0f8fad5b-d9cb-469f-a165-70867728950e'", StorageCase.Same, "text '0f8fad5b-d9cb-469f-a165-70867728950e'");
        yield return S("Guid_nullable_null", D, GuidNull, "varchar(36)", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("DateTime_ticks_Utc", D, DtUtc, "bigint", "integer", "638452156281234567", "2024-03-05T06:07:08.1234567 Unspecified", "integer 638452156281234567", note: "Ticks stored as-is, no conversion; Kind lost (Unspecified)");
        yield return S("DateTime_ticks_Local", D, DtLocal, "bigint", "integer", "638452156281234567", "2024-03-05T06:07:08.1234567 Unspecified", "integer 638452156281234567", note: "Ticks stored as-is, no conversion; Kind lost (Unspecified)");
        yield return S("DateTime_ticks_Unspecified", D, DtUnspecified, "bigint", "integer", "638452156281234567", StorageCase.Same, "integer 638452156281234567");
        yield return S("DateTime_ticks_MinValue", D, DateTime.MinValue, "bigint", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("DateTime_ticks_MaxValue", D, DateTime.MaxValue, "bigint", "integer", "3155378975999999999", StorageCase.Same, "integer 3155378975999999999");
        yield return S("DateTime_ticks_nullable_null", D, DtNull, "bigint", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("DateTime_text_Utc", T, DtUtc, "datetime", "text", "'2024-03-05T06:07:08.123'", "2024-03-05T06:07:08.1230000 Unspecified", "text '2024-03-05T06:07:08.123'", note: "default format keeps milliseconds only; Kind lost");
        yield return S("DateTime_text_Local", T, DtLocal, "datetime", "text", "'2024-03-05T06:07:08.123'", "2024-03-05T06:07:08.1230000 Unspecified", "text '2024-03-05T06:07:08.123'", note: "default format keeps milliseconds only; Kind lost");
        yield return S("DateTime_text_Unspecified", T, DtUnspecified, "datetime", "text", "'2024-03-05T06:07:08.123'", "2024-03-05T06:07:08.1230000 Unspecified", "text '2024-03-05T06:07:08.123'");
        yield return S("DateTime_text_MinValue", T, DateTime.MinValue, "datetime", "text", "'0001-01-01T00:00:00.000'", StorageCase.Same, "text '0001-01-01T00:00:00.000'");
        yield return S("DateTime_text_MaxValue", T, DateTime.MaxValue, "datetime", "text", "'9999-12-31T23:59:59.999'", "9999-12-31T23:59:59.9990000 Unspecified", "text '9999-12-31T23:59:59.999'");
        yield return S("DateTime_text_nullable_null", T, DtNull, "datetime", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("DateTime_custom_Utc", C, DtUtc, "datetime", "text", "'2024-03-05 06:07:08'", "2024-03-05T06:07:08.0000000 Unspecified", "text '2024-03-05 06:07:08'", note: "the custom format decides what survives");
        yield return S("DateTime_custom_Local", C, DtLocal, "datetime", "text", "'2024-03-05 06:07:08'", "2024-03-05T06:07:08.0000000 Unspecified", "text '2024-03-05 06:07:08'");
        yield return S("DateTime_custom_Unspecified", C, DtUnspecified, "datetime", "text", "'2024-03-05 06:07:08'", "2024-03-05T06:07:08.0000000 Unspecified", "text '2024-03-05 06:07:08'");
        yield return S("DateTime_custom_MinValue", C, DateTime.MinValue, "datetime", "text", "'0001-01-01 00:00:00'", StorageCase.Same, "text '0001-01-01 00:00:00'");
        yield return S("DateTime_custom_MaxValue", C, DateTime.MaxValue, "datetime", "text", "'9999-12-31 23:59:59'", "9999-12-31T23:59:59.0000000 Unspecified", "text '9999-12-31 23:59:59'");
        yield return S("DateTime_custom_nullable_null", C, DtNull, "datetime", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("DateTime_roundtrip_Utc", O, DtUtc, "datetime", "text", "'2024-03-05T06:07:08.1234567Z'", StorageCase.Same, "text '2024-03-05T06:07:08.1234567Z'", note: "with the \"o\" format the text ends in Z and Kind Utc comes back");
        yield return S("DateTime_roundtrip_Unspecified", O, DtUnspecified, "datetime", "text", "'2024-03-05T06:07:08.1234567'", StorageCase.Same, "text '2024-03-05T06:07:08.1234567'");
        yield return S("DateTimeOffset_ticks_plus2", D, DtoPlus2, "bigint", "integer", "638452084281234567", "2024-03-05T04:07:08.1234567+00:00", "integer 638452084281234567", note: "UtcTicks stored; the offset is lost (read back as +00:00)");
        yield return S("DateTimeOffset_ticks_utc", D, DtoUtc, "bigint", "integer", "638452156281234567", StorageCase.Same, "integer 638452156281234567");
        yield return S("DateTimeOffset_ticks_MinValue", D, DateTimeOffset.MinValue, "bigint", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("DateTimeOffset_ticks_MaxValue", D, DateTimeOffset.MaxValue, "bigint", "integer", "3155378975999999999", StorageCase.Same, "integer 3155378975999999999");
        yield return S("DateTimeOffset_ticks_nullable_null", D, DtoNull, "bigint", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("DateTimeOffset_dtText_plus2", T, DtoPlus2, "bigint", "integer", "638452084281234567", "2024-03-05T04:07:08.1234567+00:00", "integer 638452084281234567", note: "storeDateTimeAsTicks does not apply to DateTimeOffset");
        yield return S("DateTimeOffset_dtText_nullable_null", T, DtoNull, "bigint", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("TimeSpan_ticks_sample", D, TsSample, "bigint", "integer", "937845678901", StorageCase.Same, "integer 937845678901");
        yield return S("TimeSpan_ticks_negative", D, TsNegative, "bigint", "integer", "-54000000000", StorageCase.Same, "integer -54000000000");
        yield return S("TimeSpan_ticks_Zero", D, TimeSpan.Zero, "bigint", "integer", "0", StorageCase.Same, "integer 0");
        yield return S("TimeSpan_ticks_MinValue", D, TimeSpan.MinValue, "bigint", "integer", "-9223372036854775808", StorageCase.Same, "integer -9223372036854775808");
        yield return S("TimeSpan_ticks_MaxValue", D, TimeSpan.MaxValue, "bigint", "integer", "9223372036854775807", StorageCase.Same, "integer 9223372036854775807");
        yield return S("TimeSpan_ticks_nullable_null", D, TsNull, "bigint", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("TimeSpan_text_sample", TS, TsSample, "time", "text", "'1.02:03:04.5678901'", StorageCase.Same, "text '1.02:03:04.5678901'", note: "TimeSpan \"c\" format");
        yield return S("TimeSpan_text_negative", TS, TsNegative, "time", "text", "'-01:30:00'", StorageCase.Same, "text '-01:30:00'");
        yield return S("TimeSpan_text_Zero", TS, TimeSpan.Zero, "time", "text", "'00:00:00'", StorageCase.Same, "text '00:00:00'");
        yield return S("TimeSpan_text_MinValue", TS, TimeSpan.MinValue, "time", "text", "'-10675199.02:48:05.4775808'", StorageCase.Same, "text '-10675199.02:48:05.4775808'");
        yield return S("TimeSpan_text_MaxValue", TS, TimeSpan.MaxValue, "time", "text", "'10675199.02:48:05.4775807'", StorageCase.Same, "text '10675199.02:48:05.4775807'");
        yield return S("TimeSpan_text_nullable_null", TS, TsNull, "time", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("IntEnum_B", D, IntEnum.B, "INTEGER", "integer", "2", StorageCase.Same, "integer 2");
        yield return S("IntEnum_undefined", D, (IntEnum)42, "INTEGER", "integer", "42", StorageCase.Same, "integer 42");
        yield return S("IntEnum_nullable_null", D, IntEnumNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL");
        yield return S("LongEnum_Small", D, LongEnum.Small, "INTEGER", "integer", "1", StorageCase.Same, "integer 1");
        yield return F("LongEnum_Big", D, LongEnum.Big, "INTEGER", "Insert: OverflowException", "!OverflowException", note: "enums are bound as int: a long-backed value beyond int fails");
        yield return S("ByteEnum_High", D, ByteEnum.High, "INTEGER", "integer", "255", StorageCase.Same, "integer 255");
        yield return S("TextEnum_Beta", D, TextEnum.Beta, "varchar", "text", "'Beta'", StorageCase.Same, "text 'Beta'");
        yield return F("TextEnum_undefined", D, (TextEnum)7, "varchar", "Insert: KeyNotFoundException", "!KeyNotFoundException", note: "[StoreAsText] needs a declared name");
        yield return S("TextEnum_nullable_null", D, TextEnumNull, "INTEGER", "null", "NULL", StorageCase.Same, "null NULL", note: "a nullable [StoreAsText] enum is declared INTEGER");
        yield return S("TextEnum_nullable_Beta", D, (TextEnum?)TextEnum.Beta, "INTEGER", "text", "'Beta'", StorageCase.Same, "text 'Beta'", note: "a nullable [StoreAsText] enum is declared INTEGER but stores text");
        yield return F("FlagsTextEnum_ReadWrite", D, FlagsTextEnum.Read|FlagsTextEnum.Write, "varchar", "Insert: KeyNotFoundException", "!KeyNotFoundException", note: "[StoreAsText] flag combinations fail");
        yield return F("DateOnly", D, DateOnlySample, null, "CreateTable: NotSupportedException", "!NotSupportedException");
        yield return F("TimeOnly", D, TimeOnlySample, null, "CreateTable: NotSupportedException", "!NotSupportedException");
        yield return S("Uri", D, UriSample, "varchar", "text", "'https://example.com/a?b=c'", StorageCase.Same, "text 'https://example.com/a?b=c'");
        yield return S("StringBuilder", D, BuilderSample, "varchar", "text", "'built'", StorageCase.Same, "text 'built'");
        yield return F("Int128", D, Int128Sample, null, "CreateTable: NotSupportedException", "!NotSupportedException");
        // CASES-END
        yield break;
    }
}
