namespace MicroDb.Conformance.Models;

/// <summary>A table keyed by a DateTime: its key binds in the connection's storage format (Find, Get, Delete by key).</summary>
[Table]
public class Appointment
{
    [PrimaryKey]
    public DateTime At { get; set; }

    public string Label { get; set; } = "";
}
