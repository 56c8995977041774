"""What writes the project's generated files (``make spec``): not part of the installed
package, which only serves what these write."""
