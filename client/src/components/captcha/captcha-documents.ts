// The captcha's document: the contact form and the code forms draw a new
// captcha with it.
import { graphql } from '../../gql';

export const NewCaptchaMutation = graphql(`
  mutation NewCaptcha {
    newCaptcha {
      captcha {
        id
        imageUrl
        audioUrl
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);
