using System;
using System.Collections.Generic;

// Stand-ins for the compatibility package's types (namespace SQLite): the generator recognises them by full name.
namespace SQLite
{
    [AttributeUsage(AttributeTargets.Property)]
    public sealed class PrimaryKeyAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class AutoIncrementAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Property)]
    public sealed class IgnoreAttribute : Attribute
    {
    }

    public interface ISQLiteConnection
    {
        List<T> Query<T>(string query, params object[] args) where T : new();
    }

    public class SQLiteConnection : ISQLiteConnection
    {
        public int CreateTable<T>() => 0;
        public int Insert(object obj) => 0;
        public int InsertAll(System.Collections.IEnumerable objects) => 0;
        public T Get<T>(object pk) where T : new() => new T();
        public List<T> Query<T>(string query, params object[] args) where T : new() => new List<T>();
        public int DeleteAll<T>() => 0;
    }
}

// A sqlite-net app: no [Table] anywhere. Each model is found where it flows into a connection.
namespace App
{
    using SQLite;

    public class Stock
    {
        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        public string Symbol { get; set; } = "";

        // sqlite-net's member rule (the model carries sqlite-net attributes): no column, no error.
        public string Display => Symbol.ToUpperInvariant();
    }

    public class Valuation
    {
        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        public int StockId { get; set; }

        [Ignore]
        public decimal Cached { get; set; }
    }

    public class Trade
    {
        public int StockId { get; set; }

        public decimal Price { get; set; }
    }

    public class Quote
    {
        public string? Symbol { get; set; }
    }

    // Apps subclass SQLiteConnection; calls through `this` and through the subclass count.
    public class AppDb : SQLiteConnection
    {
        public AppDb()
        {
            CreateTable<Stock>();
        }

        public void Save(Valuation valuation) => Insert(valuation);

        public void SaveTrades(List<Trade> trades) => InsertAll(trades);
    }

    public class Screens
    {
        // A private nested model: a warning (MDB0011), no error; it maps by reflection at run time.
        private class Draft
        {
            [PrimaryKey]
            public int Id { get; set; }
        }

        public void Load(AppDb db, ISQLiteConnection shared, object anything)
        {
            db.Get<Draft>(1);
            shared.Query<Quote>("SELECT * FROM Quote");
            db.Query<int>("SELECT 1");     // a scalar: not a model
            db.Insert(anything);           // the runtime type decides: nothing to map here
            db.DeleteAll<Stock>();         // found twice: one map
        }
    }

    // A generic repository: the type is known only at run time (MDB0011 at the call).
    public class Repository<T>
        where T : new()
    {
        private readonly SQLiteConnection _db = new();

        public T Load(int id) => _db.Get<T>(id);
    }
}

// MicroDb's own connections: a plain class without attributes, and one also marked [Table] (one map).
namespace Shop
{
    using MicroDb;

    public class Customer
    {
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    [Table("orders")]
    public class Order
    {
        [PrimaryKey]
        public int Id { get; set; }
    }

    public static class Use
    {
        public static void Run(MicroDbConnection db, MicroDbAsyncConnection asyncDb)
        {
            db.Find<Customer>(1);
            db.Insert(new Order());
            _ = asyncDb.Table<Customer>();
        }
    }
}
