namespace MicroDb;

/// <summary>The family of value encodings a <see cref="StorageFormat"/> belongs to.</summary>
public enum StorageFormatKind
{
    /// <summary>MicroDb's own encodings (the README's storage table): exact decimals, DateTime kinds kept.</summary>
    MicroDb = 0,

    /// <summary>The encodings sqlite-net-pcl 1.11 writes, so files move between the two libraries unchanged.</summary>
    SqliteNet = 1,
}
