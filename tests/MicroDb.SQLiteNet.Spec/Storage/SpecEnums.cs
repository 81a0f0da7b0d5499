using SQLite;

namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>An int-backed enum.</summary>
public enum IntEnum
{
    /// <summary>First.</summary>
    A = 1,
    /// <summary>Second.</summary>
    B = 2,
}

/// <summary>A long-backed enum with a value beyond int.</summary>
public enum LongEnum : long
{
    /// <summary>Small.</summary>
    Small = 1,
    /// <summary>long.MaxValue.</summary>
    Big = long.MaxValue,
}

/// <summary>A byte-backed enum.</summary>
public enum ByteEnum : byte
{
    /// <summary>Low.</summary>
    Low = 1,
    /// <summary>byte.MaxValue.</summary>
    High = 255,
}

/// <summary>An enum sqlite-net stores by name.</summary>
[StoreAsText]
public enum TextEnum
{
    /// <summary>First.</summary>
    Alpha = 1,
    /// <summary>Second.</summary>
    Beta = 2,
}

/// <summary>A flags enum stored by name.</summary>
[Flags, StoreAsText]
public enum FlagsTextEnum
{
    /// <summary>None.</summary>
    None = 0,
    /// <summary>Read.</summary>
    Read = 1,
    /// <summary>Write.</summary>
    Write = 2,
}
