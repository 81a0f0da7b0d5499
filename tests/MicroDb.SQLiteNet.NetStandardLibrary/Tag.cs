using SQLite;

namespace Notes
{
    /// <summary>
    /// A tag whose key only the database sets (a private setter). MicroDb's own [Indexed] gives it MicroDb's member rule,
    /// which maps that setter: its generated map would reach it through [UnsafeAccessor], which netstandard2.0 lacks, so
    /// the type is mapped by reflection at run time instead.
    /// </summary>
    [Table("tags")]
    public class Tag
    {
        /// <summary>The key.</summary>
        [PrimaryKey, AutoIncrement]
        public int Id { get; private set; }

        /// <summary>The note it belongs to.</summary>
        [MicroDb.Indexed]
        public int NoteId { get; set; }

        /// <summary>The name.</summary>
        [NotNull]
        public string Name { get; set; }
    }
}
