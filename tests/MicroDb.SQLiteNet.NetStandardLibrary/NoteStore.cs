using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using SQLite;

namespace Notes
{
    /// <summary>What a library built on sqlite-net does: schema, CRUD, LINQ, SQL and the async API.</summary>
    public sealed class NoteStore : IDisposable
    {
        private readonly SQLiteConnection _db;

        /// <summary>Opens the store at <paramref name="path"/> and creates its tables.</summary>
        public NoteStore(string path)
        {
            _db = new SQLiteConnection(path);
            _db.CreateTable<Note>();
            _db.CreateTable<Tag>();
        }

        /// <summary>Adds a note; returns its new key.</summary>
        public int Add(string title, string body, DateTime written)
        {
            var note = new Note { Title = title, Body = body, Written = written };
            _db.Insert(note);
            return note.Id;
        }

        /// <summary>Tags a note; returns the tag's key, which the database set through the private setter.</summary>
        public int AddTag(int noteId, string name)
        {
            var tag = new Tag { NoteId = noteId, Name = name };
            _db.Insert(tag);
            return tag.Id;
        }

        /// <summary>The note with <paramref name="id"/>, or null.</summary>
        public Note Find(int id) => _db.Find<Note>(id);

        /// <summary>Marks a note done.</summary>
        public int Complete(int id)
        {
            var note = _db.Get<Note>(id);
            note.Done = true;
            return _db.Update(note);
        }

        /// <summary>The open notes whose title starts with <paramref name="prefix"/>, newest first (LINQ to SQL).</summary>
        public List<Note> Open(string prefix) =>
            _db.Table<Note>().Where(n => !n.Done && n.Title.StartsWith(prefix)).OrderByDescending(n => n.Written).ToList();

        /// <summary>The names of a note's tags, by SQL.</summary>
        public List<string> TagsOf(int noteId) =>
            _db.Query<Tag>("SELECT * FROM tags WHERE NoteId = ? ORDER BY Name", noteId).Select(t => t.Name).ToList();

        /// <summary>Deletes a note and its tags in one transaction; returns the rows deleted.</summary>
        public int Delete(int id)
        {
            var deleted = 0;
            _db.RunInTransaction(() =>
            {
                deleted += _db.Execute("DELETE FROM tags WHERE NoteId = ?", id);
                deleted += _db.Delete<Note>(id);
            });
            return deleted;
        }

        /// <summary>How many notes there are.</summary>
        public int Count() => _db.Table<Note>().Count();

        /// <inheritdoc/>
        public void Dispose() => _db.Dispose();

        /// <summary>The same through sqlite-net's async API: creates, inserts, queries and counts.</summary>
        public static async Task<(int Count, string FirstTitle, int Tagged)> RunAsync(string path)
        {
            var db = new SQLiteAsyncConnection(path);
            try
            {
                await db.CreateTableAsync<Note>().ConfigureAwait(false);
                await db.CreateTableAsync<Tag>().ConfigureAwait(false);
                await db.InsertAllAsync(new[]
                {
                    new Note { Title = "b", Body = "second", Written = new DateTime(2024, 1, 2) },
                    new Note { Title = "a", Body = "first", Written = new DateTime(2024, 1, 1) },
                }).ConfigureAwait(false);
                var first = await db.Table<Note>().OrderBy(n => n.Title).FirstAsync().ConfigureAwait(false);
                await db.InsertAsync(new Tag { NoteId = first.Id, Name = "async" }).ConfigureAwait(false);
                var tagged = await db.Table<Tag>().Where(t => t.NoteId == first.Id).CountAsync().ConfigureAwait(false);
                return (await db.Table<Note>().CountAsync().ConfigureAwait(false), first.Title, tagged);
            }
            finally
            {
                await db.CloseAsync().ConfigureAwait(false);
            }
        }
    }
}
