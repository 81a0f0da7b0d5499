using MicroDb;

[Table]
public class GlobalThing
{
    [PrimaryKey]
    public string Key { get; set; } = "";
}

namespace Outer.Space
{
    public class Container
    {
        [Table("inner \"quoted\" table", WithoutRowId = true)]
        public class Inner
        {
            [PrimaryKey, Column("the key")]
            public string Key { get; set; } = "";

            public int Value { get; set; }
        }
    }
}
