namespace MicroDb.SQLiteNet.Spec.Schema;

/// <summary>
/// The schema facts sqlite-net-pcl 1.11.285 was measured to produce, per scenario of <see cref="SchemaScenarios"/>.
/// Multi-line facts are joined with "\n"; statements are as sqlite-net traced them, whitespace included.
/// </summary>
public static class SchemaSpec
{
    /// <summary>Scenario → fact → value.</summary>
    public static readonly IReadOnlyDictionary<string, IReadOnlyDictionary<string, string>> Expected =
        new Dictionary<string, IReadOnlyDictionary<string, string>>
        {
            ["CreateTable_all_attributes"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Created",
                ["statements"] =
                    "create table if not exists \"people\" (\n"
                    + "\"Id\" integer primary key autoincrement not null ,\n"
                    + "\"Email\" varchar ,\n"
                    + "\"LastName\" varchar ,\n"
                    + "\"FirstName\" varchar ,\n"
                    + "\"Code\" varchar ,\n"
                    + "\"Title\" varchar(40) ,\n"
                    + "\"Required\" varchar not null ,\n"
                    + "\"Nick\" varchar collate NOCASE ,\n"
                    + "\"birth_date\" bigint ,\n"
                    + "\"Age\" integer ,\n"
                    + "\"Score\" float )\n"
                    + "create  index if not exists \"people_Email\" on \"people\"(\"Email\")\n"
                    + "create  index if not exists \"IX_people_name\" on \"people\"(\"FirstName\", \"LastName\")\n"
                    + "create unique index if not exists \"people_Code\" on \"people\"(\"Code\")",
                ["sqlite_master.sql"] =
                    "CREATE TABLE \"people\" (\n"
                    + "\"Id\" integer primary key autoincrement not null ,\n"
                    + "\"Email\" varchar ,\n"
                    + "\"LastName\" varchar ,\n"
                    + "\"FirstName\" varchar ,\n"
                    + "\"Code\" varchar ,\n"
                    + "\"Title\" varchar(40) ,\n"
                    + "\"Required\" varchar not null ,\n"
                    + "\"Nick\" varchar collate NOCASE ,\n"
                    + "\"birth_date\" bigint ,\n"
                    + "\"Age\" integer ,\n"
                    + "\"Score\" float )",
                ["indexes"] =
                    "IX_people_name: CREATE INDEX \"IX_people_name\" on \"people\"(\"FirstName\", \"LastName\")\n"
                    + "people_Code: CREATE UNIQUE INDEX \"people_Code\" on \"people\"(\"Code\")\n"
                    + "people_Email: CREATE INDEX \"people_Email\" on \"people\"(\"Email\")",
                ["columns"] =
                    "Id INTEGER notnull=1 pk=1 dflt=NULL\n"
                    + "Email varchar notnull=0 pk=0 dflt=NULL\n"
                    + "LastName varchar notnull=0 pk=0 dflt=NULL\n"
                    + "FirstName varchar notnull=0 pk=0 dflt=NULL\n"
                    + "Code varchar notnull=0 pk=0 dflt=NULL\n"
                    + "Title varchar(40) notnull=0 pk=0 dflt=NULL\n"
                    + "Required varchar notnull=1 pk=0 dflt=NULL\n"
                    + "Nick varchar notnull=0 pk=0 dflt=NULL\n"
                    + "birth_date bigint notnull=0 pk=0 dflt=NULL\n"
                    + "Age INTEGER notnull=0 pk=0 dflt=NULL\n"
                    + "Score float notnull=0 pk=0 dflt=NULL",
            },
            ["CreateTable_twice"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Migrated",
                ["statements"] =
                    "create  index if not exists \"people_Email\" on \"people\"(\"Email\")\n"
                    + "create  index if not exists \"IX_people_name\" on \"people\"(\"FirstName\", \"LastName\")\n"
                    + "create unique index if not exists \"people_Code\" on \"people\"(\"Code\")",
                ["indexes"] =
                    "IX_people_name: CREATE INDEX \"IX_people_name\" on \"people\"(\"FirstName\", \"LastName\")\n"
                    + "people_Code: CREATE UNIQUE INDEX \"people_Code\" on \"people\"(\"Code\")\n"
                    + "people_Email: CREATE INDEX \"people_Email\" on \"people\"(\"Email\")",
            },
            ["CreateTable_without_Table_attribute"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Created",
                ["statements"] =
                    "create table if not exists \"Untitled\" (\n"
                    + "\"Key\" varchar(36) primary key not null ,\n"
                    + "\"Slug\" varchar )\n"
                    + "create unique index if not exists \"UX_untitled_slug\" on \"Untitled\"(\"Slug\")",
                ["sqlite_master.sql"] =
                    "CREATE TABLE \"Untitled\" (\n"
                    + "\"Key\" varchar(36) primary key not null ,\n"
                    + "\"Slug\" varchar )",
                ["indexes"] =
                    "UX_untitled_slug: CREATE UNIQUE INDEX \"UX_untitled_slug\" on \"Untitled\"(\"Slug\")\n"
                    + "sqlite_autoindex_Untitled_1: (automatic)",
            },
            ["CreateTable_adds_new_properties"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Migrated",
                ["statements"] =
                    "alter table \"evolving\" add column \"Added\" integer \n"
                    + "alter table \"evolving\" add column \"AddedIndexed\" varchar(10) \n"
                    + "alter table \"evolving\" add column \"AddedWhen\" bigint collate NOCASE \n"
                    + "create  index if not exists \"evolving_AddedIndexed\" on \"evolving\"(\"AddedIndexed\")",
                ["sqlite_master.sql"] =
                    "CREATE TABLE \"evolving\" (\n"
                    + "\"Id\" integer primary key autoincrement not null ,\n"
                    + "\"Name\" varchar , \"Added\" integer, \"AddedIndexed\" varchar(10), \"AddedWhen\" bigint collate NOCASE)",
                ["indexes"] =
                    "evolving_AddedIndexed: CREATE INDEX \"evolving_AddedIndexed\" on \"evolving\"(\"AddedIndexed\")",
                ["columns"] =
                    "Id INTEGER notnull=1 pk=1 dflt=NULL\n"
                    + "Name varchar notnull=0 pk=0 dflt=NULL\n"
                    + "Added INTEGER notnull=0 pk=0 dflt=NULL\n"
                    + "AddedIndexed varchar(10) notnull=0 pk=0 dflt=NULL\n"
                    + "AddedWhen bigint notnull=0 pk=0 dflt=NULL",
                ["existing row"] =
                    "'x' NULL NULL NULL",
                ["existing row read"] =
                    "x 0 null 0",
            },
            ["CreateTable_with_older_model"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Migrated",
                ["statements"] =
                    "",
                ["columns"] =
                    "Id INTEGER notnull=1 pk=1 dflt=NULL\n"
                    + "Name varchar notnull=0 pk=0 dflt=NULL\n"
                    + "Added INTEGER notnull=0 pk=0 dflt=NULL\n"
                    + "AddedIndexed varchar(10) notnull=0 pk=0 dflt=NULL\n"
                    + "AddedWhen bigint notnull=0 pk=0 dflt=NULL",
            },
            ["CreateTable_adds_NotNull_column_to_table_with_rows"] = new Dictionary<string, string>
            {
                ["result"] =
                    "SQLiteException Error: Cannot add a NOT NULL column with default value NULL",
                ["statements"] =
                    "alter table \"evolving\" add column \"Required\" varchar not null ",
                ["columns"] =
                    "Id INTEGER notnull=1 pk=1 dflt=NULL\n"
                    + "Name varchar notnull=0 pk=0 dflt=NULL",
            },
            ["CreateTable_adds_NotNull_column_to_empty_table"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Migrated",
                ["statements"] =
                    "alter table \"evolving\" add column \"Required\" varchar not null ",
                ["columns"] =
                    "Id INTEGER notnull=1 pk=1 dflt=NULL\n"
                    + "Name varchar notnull=0 pk=0 dflt=NULL\n"
                    + "Required varchar notnull=1 pk=0 dflt=NULL",
            },
            ["CreateTable_with_implicit_flags"] = new Dictionary<string, string>
            {
                ["result"] =
                    "Created",
                ["statements"] =
                    "create table if not exists \"implicit\" (\n"
                    + "\"Id\" integer primary key autoincrement not null ,\n"
                    + "\"OwnerId\" integer ,\n"
                    + "\"Text\" varchar )\n"
                    + "create  index if not exists \"implicit_OwnerId\" on \"implicit\"(\"OwnerId\")",
                ["indexes"] =
                    "implicit_OwnerId: CREATE INDEX \"implicit_OwnerId\" on \"implicit\"(\"OwnerId\")",
            },
            ["Insert_violating_constraints"] = new Dictionary<string, string>
            {
                ["NotNull property null"] =
                    "NotNullConstraintViolationException Constraint: NOT NULL constraint failed: people.Required",
                ["MaxLength exceeded"] =
                    "returned 1",
                ["MaxLength stored length"] =
                    "50",
                ["Unique duplicate"] =
                    "SQLiteException Constraint: UNIQUE constraint failed: people.Code",
            },
        };
}
