package dev.sparkdoc.cli;

import dev.sparkdoc.account.WhatIfRequest;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --what-if executors=N[,cores=C]}: the request's own parser, its message as picocli's one-line error. */
final class WhatIfOption implements ITypeConverter<WhatIfRequest> {

    @Override
    public WhatIfRequest convert(String value) {
        try {
            return WhatIfRequest.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
