using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Query;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Query;

/// <summary>
/// The translation cache's shape hash must not depend on which <see cref="System.Reflection.MemberInfo"/> instance a tree
/// holds: under NativeAOT every tree the compiler builds gets new, equal member instances, and a hash by identity made
/// every run of a run-time query miss the cache (found profiling issue 22's join benchmark under callgrind).
/// </summary>
public sealed class TranslationCacheMemberTests
{
    private string _dir = "";

    [SetUp]
    public void CreateFolder() => _dir = Directory.CreateTempSubdirectory("microdb-cache-").FullName;

    [TearDown]
    public void DeleteFolder() => Directory.Delete(_dir, recursive: true);

    [Test]
    public void Shape_hash_is_the_same_for_equal_members_that_are_other_instances()
    {
        var age = typeof(CacheRow).GetProperty(nameof(CacheRow.Age))!;
        var first = Shape(Lambda(new EqualPropertyInfo(age), 30));
        var second = Shape(Lambda(new EqualPropertyInfo(age), 40));
        var other = Shape(Lambda(typeof(CacheRow).GetProperty(nameof(CacheRow.Ago))!, 30));

        Assert.That(second.Walked && first.Walked && other.Walked, Is.True);
        Assert.That(second.Hash, Is.EqualTo(first.Hash), "equal members, other instances");
        Assert.That(other.Hash, Is.Not.EqualTo(first.Hash), "another member of the same type and name length");
    }

    [Test]
    public void Cache_replays_a_tree_whose_members_are_new_instances_with_its_own_values()
    {
        var path = Path.Combine(_dir, "cache.db");
        using var db = new MicroDbConnection(new MicroDbOptions(path) { Mapping = MappingMode.Reflection }.UseReflection());
        db.CreateTable<CacheRow>();
        db.InsertAll(Enumerable.Range(1, 20).Select(i => new CacheRow { Age = i, Ago = -i }));
        var table = db.GetMapping<CacheRow>();
        var age = typeof(CacheRow).GetProperty(nameof(CacheRow.Age))!;

        var args = new List<object?>();
        TranslationCache.Translate(table, db.Storage, Lambda(new EqualPropertyInfo(age), 3), TranslationKind.Predicate, args, out var firstEntry);
        for (var limit = 4; limit < 9; limit++)
        {
            args.Clear();
            var node = TranslationCache.Translate(table, db.Storage, Lambda(new EqualPropertyInfo(age), limit), TranslationKind.Predicate, args, out var entry);
            Assert.That(entry, Is.Not.Null.And.SameAs(firstEntry), $"limit {limit}: the shape is replayed, not translated again");
            Assert.That(args, Is.EqualTo(new object?[] { (long)limit }), "the replay binds this tree's value");
            Assert.That(node, Is.Not.Null);
            Assert.That(db.Table<CacheRow>().Where(Lambda(new EqualPropertyInfo(age), limit)).Count(), Is.EqualTo(limit - 1));
        }
    }

    private static Expression<Func<CacheRow, bool>> Lambda(System.Reflection.PropertyInfo member, int limit)
    {
        var row = Expression.Parameter(typeof(CacheRow), "x");
        var box = new StrongBox<int>(limit);
        var value = Expression.Field(Expression.Constant(box), nameof(StrongBox<int>.Value));
        return Expression.Lambda<Func<CacheRow, bool>>(Expression.LessThan(Expression.Property(row, member), value), row);
    }

    private static (bool Walked, int Hash) Shape(LambdaExpression lambda)
    {
        var shape = QueryShape.Rent();
        try
        {
            var walked = shape.Walk(lambda);
            return (walked, shape.Hash);
        }
        finally
        {
            QueryShape.Return(shape);
        }
    }
}
