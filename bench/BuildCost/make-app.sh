#!/usr/bin/env bash
# Writes a scratch app with N mapped models of 9 columns and one call site each, for measuring what the source
# generator adds to a build (bench/BuildCost/README.md). The app references a built MicroDb.dll and the generator's
# dll (copy both from one build of this repository), not the projects, so a build of the app compiles only the app.
#
#   bench/BuildCost/make-app.sh N OUT_DIR LIB_DIR
#
# LIB_DIR holds MicroDb.dll and MicroDb.Generator.dll. Build the app with the generator:
#   dotnet build OUT_DIR -c Release --no-restore --no-incremental -p:UseSharedCompilation=false
# and without it (the baseline: the analyzer is not passed, so no map is generated and the models map by reflection):
#   dotnet build OUT_DIR -c Release --no-restore --no-incremental -p:UseSharedCompilation=false -p:MicroDbGenerator=false
set -euo pipefail
n=${1:?N}; out=${2:?OUT_DIR}; lib=$(cd "${3:?LIB_DIR}" && pwd)
mkdir -p "$out/Models"
rm -f "$out"/Models/*.cs
cat > "$out/BuildCostApp.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <MicroDbGenerator Condition="'\$(MicroDbGenerator)' == ''">true</MicroDbGenerator>
    <!-- As the MicroDb package's build props (src/Core/build/MicroDb.props): the generated interceptors' namespace. -->
    <InterceptorsNamespaces>\$(InterceptorsNamespaces);MicroDb.Generated</InterceptorsNamespaces>
  </PropertyGroup>
  <ItemGroup>
    <Reference Include="MicroDb" HintPath="$lib/MicroDb.dll" />
    <Analyzer Include="$lib/MicroDb.Generator.dll" Condition="'\$(MicroDbGenerator)' == 'true'" />
    <PackageReference Include="SQLitePCLRaw.core" Version="3.0.5" />
    <!-- What the MicroDb package's build props hand the generator; -p:MicroDbSerialization=true measures maps with serialization. -->
    <CompilerVisibleProperty Include="MicroDbSerialization" />
    <!-- -p:MicroDbInterceptQueries=false measures the build with every query left on the run-time path. -->
    <CompilerVisibleProperty Include="MicroDbInterceptQueries" />
  </ItemGroup>
</Project>
XML
{
  echo "using MicroDb;"
  echo "namespace BuildCostApp;"
  echo "public static class Program"
  echo "{"
  echo "    public static void Main(string[] args)"
  echo "    {"
  echo "        if (args.Length == 0) return;"
  echo "        using var db = new MicroDbConnection(args[0]);"
  for i in $(seq 1 "$n"); do echo "        CallSites.Use$i(db);"; done
  echo "    }"
  echo "}"
} > "$out/Program.cs"
{
  echo "using MicroDb;"
  echo "namespace BuildCostApp;"
  echo "internal static class CallSites"
  echo "{"
  for i in $(seq 1 "$n"); do
    cat <<CS
    public static void Use$i(MicroDbConnection db)
    {
        db.CreateTable<Model$i>();
        var item = new Model$i { Name = "n$i", Count = $i, Price = $i.5m };
        db.Insert(item);
        item.Flag = true;
        db.Update(item);
        _ = db.Table<Model$i>().Where(x => x.Count > $i).ToList();
    }
CS
  done
  echo "}"
} > "$out/CallSites.cs"
for i in $(seq 1 "$n"); do
  cat > "$out/Models/Model$i.cs" <<CS
using MicroDb;
namespace BuildCostApp.Models;
[Table("model_$i")]
public class Model$i
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    [MaxLength(100), Indexed] public string Name { get; set; } = "";
    public string? Note { get; set; }
    public int Count { get; set; }
    public long Total { get; set; }
    public double Ratio { get; set; }
    public bool Flag { get; set; }
    public DateTime When { get; set; }
    public decimal Price { get; set; }
}
CS
done
sed -i 's/^using MicroDb;$/using MicroDb;\nusing BuildCostApp.Models;/' "$out/Program.cs" "$out/CallSites.cs"
echo "wrote $n models to $out"
