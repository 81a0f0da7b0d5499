using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Serialization;

/// <summary>
/// Study 002's "explicit BinaryWriter/Reader": every member written and read by hand, in MicroDb's
/// <see cref="MicroDb.Mapping.BinaryCodec"/> format (nullable strings as a presence byte, then the string).
/// </summary>
public static class ExplicitTextRecordCodec
{
    /// <summary>Writes one record.</summary>
    /// <param name="w">The writer.</param>
    /// <param name="r">The record.</param>
    public static void Write(BinaryWriter w, TextRecord r)
    {
        w.Write(r.Id);
        WriteString(w, r.Title);
        WriteString(w, r.Author);
        WriteString(w, r.Email);
        WriteString(w, r.Street);
        WriteString(w, r.City);
        WriteString(w, r.Country);
        WriteString(w, r.Summary);
        WriteString(w, r.Notes);
        w.Write(r.Rating);
        w.Write(r.Price);
    }

    /// <summary>Reads one record.</summary>
    /// <param name="r">The reader.</param>
    public static TextRecord Read(BinaryReader r) => new()
    {
        Id = r.ReadInt32(),
        Title = ReadString(r),
        Author = ReadString(r),
        Email = ReadString(r),
        Street = ReadString(r),
        City = ReadString(r),
        Country = ReadString(r),
        Summary = ReadString(r),
        Notes = ReadString(r),
        Rating = r.ReadInt32(),
        Price = r.ReadDouble(),
    };

    private static void WriteString(BinaryWriter w, string? value)
    {
        if (value is null)
        {
            w.Write(false);
            return;
        }

        w.Write(true);
        w.Write(value);
    }

    private static string? ReadString(BinaryReader r) => r.ReadBoolean() ? r.ReadString() : null;
}
