using System;
using SQLite;

namespace Notes
{
    /// <summary>A note: public getters and setters only, so it gets a generated map even in this netstandard2.0 library.</summary>
    [Table("notes")]
    public class Note
    {
        /// <summary>The key.</summary>
        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        /// <summary>The title.</summary>
        [MaxLength(80), Indexed]
        public string Title { get; set; }

        /// <summary>The text.</summary>
        public string Body { get; set; }

        /// <summary>When it was written.</summary>
        public DateTime Written { get; set; }

        /// <summary>Whether it is done.</summary>
        public bool Done { get; set; }

        /// <summary>Not stored.</summary>
        [Ignore]
        public string Preview => Body == null || Body.Length <= 10 ? Body : Body.Substring(0, 10);
    }
}
