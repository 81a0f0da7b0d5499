namespace MicroDb.Npgsql.AotSample.Models;

/// <summary>How urgent a task is (stored as its value, a bigint).</summary>
public enum Priority
{
    /// <summary>Whenever.</summary>
    Low,

    /// <summary>Soon.</summary>
    Normal = 5,

    /// <summary>Now.</summary>
    High = 9,
}
