namespace SQLite;

public partial class SQLiteConnection
{
    /// <summary>A column as <c>pragma table_info</c> reports it.</summary>
    [Preserve(AllMembers = true)]
    public class ColumnInfo
    {
        /// <summary>The column name.</summary>
        public string Name { get; set; } = "";

        /// <summary>1 when the column is declared not null, else 0 (sqlite-net's name and casing).</summary>
#pragma warning disable IDE1006 // sqlite-net's public name.
        public int notnull { get; set; }
#pragma warning restore IDE1006

        /// <summary>The column name.</summary>
        /// <returns>The name.</returns>
        public override string ToString() => Name;
    }
}
