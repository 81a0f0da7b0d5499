namespace SQLite;

/// <summary>Options for <see cref="SQLiteConnection.CreateTable{T}(CreateFlags)"/> that apply conventions to unannotated models.</summary>
[Flags]
public enum CreateFlags
{
    /// <summary>Only the attributes decide.</summary>
    None = 0x000,

    /// <summary>A property named <c>Id</c> becomes the primary key.</summary>
    ImplicitPK = 0x001,

    /// <summary>Properties whose names end in <c>Id</c> get an index.</summary>
    ImplicitIndex = 0x002,

    /// <summary><see cref="ImplicitPK"/> and <see cref="ImplicitIndex"/>.</summary>
    AllImplicit = 0x003,

    /// <summary>An integer primary key (declared or implicit) is auto-incremented.</summary>
    AutoIncPK = 0x004,

    /// <summary>Creates an FTS3 virtual table (not supported by MicroDb.SQLiteNet).</summary>
    FullTextSearch3 = 0x100,

    /// <summary>Creates an FTS4 virtual table (not supported by MicroDb.SQLiteNet).</summary>
    FullTextSearch4 = 0x200,
}
