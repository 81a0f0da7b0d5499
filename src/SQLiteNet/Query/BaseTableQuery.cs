namespace SQLite;

/// <summary>The base of <see cref="TableQuery{T}"/>, as in sqlite-net.</summary>
public abstract class BaseTableQuery
{
    /// <summary>One ORDER BY term.</summary>
    protected class Ordering
    {
        /// <summary>The column ordered by.</summary>
        public string ColumnName { get; set; }

        /// <summary>Whether the order is ascending.</summary>
        public bool Ascending { get; set; }
    }
}
