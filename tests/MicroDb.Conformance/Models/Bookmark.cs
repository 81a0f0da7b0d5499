using System.Text;

namespace MicroDb.Conformance.Models;

/// <summary>
/// The text-stored reference types sqlite-net maps besides <see cref="string"/>: <see cref="Uri"/> and
/// <see cref="StringBuilder"/> (kept out of AllTypes, whose suites compare and order every member in queries).
/// </summary>
[Table]
public class Bookmark
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    public Uri? Link { get; set; }

    [MaxLength(200)]
    public StringBuilder? Notes { get; set; }
}
