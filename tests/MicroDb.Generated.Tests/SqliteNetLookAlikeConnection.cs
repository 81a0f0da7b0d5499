using MicroDb;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

// A look-alike of sqlite-net's connection (namespace SQLite): the generator recognises it by full name, so models passed
// to it are mapped with sqlite-net's member rule when they carry no MicroDb attribute. It runs over MicroDb with the
// reflection provider set as the compatibility package sets it.
namespace SQLite;

public sealed class SQLiteConnection : IDisposable
{
    public SQLiteConnection(string path, MappingMode mapping)
    {
        Inner = new MicroDbConnection(new MicroDbOptions(path) { Mapping = mapping }.UseReflection(sqliteNetMemberRule: true));
    }

    public MicroDbConnection Inner { get; }

    // The model is found at the caller's call; passing T on to a generic MicroDb method here would be a call with a
    // type parameter (MDB0011), so this goes through the untyped map.
    public int CreateTable<T>()
        where T : new()
    {
        var type = typeof(T);
        return Inner.Execute(Inner.GetMap(type).Sql.CreateTable);
    }

    public int Insert(object obj) => Inner.Insert(obj);

    public void Dispose() => Inner.Dispose();
}
