import { createContext, useContext } from 'react';
import { companyService } from '../services/company.ts';

/**
 * The address an `<img>` loads a stored image from (a signed path of the API, made absolute
 * against the API's base). Tests and stories may provide their own.
 */
const ImageSourceContext = createContext<(path: string) => string>(companyService.imageSource);

export const ImageSourceProvider = ImageSourceContext.Provider;

export const useImageSource = () => useContext(ImageSourceContext);
