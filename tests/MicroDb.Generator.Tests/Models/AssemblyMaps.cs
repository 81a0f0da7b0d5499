[assembly: MicroDb.MicroDbMap(typeof(MicroDb.Generator.Tests.Models.ExternalThing), TableName = "external_things")]
