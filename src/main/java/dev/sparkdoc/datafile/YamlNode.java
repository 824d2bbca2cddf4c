package dev.sparkdoc.datafile;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML tree that remembers the line of every node, so a broken data file (rules, error
 * patterns) is reported with its file and line (Jackson's own tree forgets locations).
 */
public sealed interface YamlNode {

    int line();

    record Scalar(String text, boolean quoted, boolean number, int line) implements YamlNode {
    }

    record Sequence(List<YamlNode> items, int line) implements YamlNode {
    }

    record Mapping(Map<String, YamlNode> fields, Map<String, Integer> keyLines, int line) implements YamlNode {
        public YamlNode get(String key) {
            return fields.get(key);
        }
    }

    YAMLFactory FACTORY = new YAMLFactory();

    /** Parses one YAML document; throws {@link DataFileException} with the line on a syntax error. */
    static YamlNode parse(Reader reader, String file) {
        try (JsonParser p = FACTORY.createParser(reader)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new DataFileException(file, 1, "empty file");
            }
            return read(p, file);
        } catch (IOException e) {
            int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe && jpe.getLocation() != null
                    ? jpe.getLocation().getLineNr() : 1;
            String msg = e instanceof com.fasterxml.jackson.core.JsonProcessingException jpe ? jpe.getOriginalMessage() : e.getMessage();
            throw new DataFileException(file, line, "not valid YAML: " + firstLine(msg));
        }
    }

    private static YamlNode read(JsonParser p, String file) throws IOException {
        int line = p.currentTokenLocation().getLineNr();
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, YamlNode> fields = new LinkedHashMap<>();
                Map<String, Integer> keyLines = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    int keyLine = p.currentTokenLocation().getLineNr();
                    if (fields.containsKey(key)) {
                        throw new DataFileException(file, keyLine, "duplicate key '" + key + "'");
                    }
                    p.nextToken();
                    keyLines.put(key, keyLine);
                    fields.put(key, read(p, file));
                }
                return new Mapping(fields, keyLines, line);
            }
            case START_ARRAY: {
                List<YamlNode> items = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    items.add(read(p, file));
                }
                return new Sequence(items, line);
            }
            case VALUE_NULL:
                return new Scalar("", false, false, line);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new Scalar(p.getText(), false, true, line);
            default:
                return new Scalar(p.getText(), false, false, line);
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "syntax error";
        }
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
